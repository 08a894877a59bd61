import { useState } from 'react';
import type { SearchResult } from '../../contract/search/query';

/**
 * The page's thumbnail with the matched words outlined. Boxes are in image pixels, so they are placed in
 * percent of the page's size: right at any thumbnail size.
 */
export function HitThumbnail({ hit }: { hit: SearchResult }) {
  const [failed, setFailed] = useState(false);
  const { width, height } = hit;
  const aspect = width && height ? `${width} / ${height}` : '2 / 3';
  return (
    <div className="search-thumb" style={{ aspectRatio: aspect }}>
      {failed ? (
        <div className="search-thumb__missing">No image</div>
      ) : (
        <img src={`/${hit.thumbnail}`} alt="" loading="lazy" decoding="async" onError={() => setFailed(true)} />
      )}
      {!failed && width && height
        ? hit.boxes.map(([x, y, w, h], i) => (
            <span
              key={i}
              className="search-thumb__box"
              style={{
                left: `${(100 * x) / width}%`,
                top: `${(100 * y) / height}%`,
                width: `${Math.max((100 * w) / width, 0.8)}%`,
                height: `${Math.max((100 * h) / height, 0.5)}%`,
              }}
            />
          ))
        : null}
    </div>
  );
}
