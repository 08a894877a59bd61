// The pages of a IIIF manifest as thumbnails (from each canvas's image service), with hit counts.
import type { IiifCanvas } from './iiif-manifest';

interface Props {
  canvases: IiifCanvas[];
  index: number;
  counts: Map<string, number>;
  onPick(index: number): void;
}

export function CanvasStrip({ canvases, index, counts, onPick }: Props) {
  return (
    <nav className="vz-strip" aria-label="Pages of this issue">
      <ol>
        {canvases.map((c, i) => (
          <li key={c.id}>
            <button
              type="button"
              className={`vz-thumb${i === index ? ' is-current' : ''}`}
              aria-current={i === index ? 'page' : undefined}
              onClick={() => onPick(i)}
            >
              {c.service ? (
                <img
                  src={`${c.service}/full/,160/0/default.jpg`}
                  alt=""
                  loading="lazy"
                  width={Math.round((160 * c.width) / Math.max(1, c.height))}
                  height={160}
                />
              ) : (
                <span className="vz-thumb-blank" />
              )}
              <span className="vz-thumb-label">
                {c.label}
                {counts.get(c.id) ? <span className="vz-badge">{counts.get(c.id)}</span> : null}
              </span>
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
