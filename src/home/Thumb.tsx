// A title thumbnail: the image under DomainUrl, the shell's loader image when it fails (spec 8), and a
// quiet masthead glyph when the title has no thumbnail at all.
import { LOADER_IMAGE, resolveAsset } from '../shared/lib/asset-url';

export function Thumb({ domainUrl, path, className }: { domainUrl: string; path: string; className: string }) {
  const src = resolveAsset(domainUrl, path);
  return (
    <span className={className}>
      {src ? (
        <img
          src={src}
          alt=""
          loading="lazy"
          decoding="async"
          onError={(e) => {
            const img = e.currentTarget;
            if (!img.src.endsWith(LOADER_IMAGE)) img.src = LOADER_IMAGE;
          }}
        />
      ) : (
        <svg className="thumb-glyph" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.6">
          <rect x="4" y="3" width="16" height="18" rx="1.5" />
          <path d="M7 7h10M7 10.5h4.5M7 13.5h4.5M7 16.5h4.5M13.5 10.5H17v6h-3.5z" />
        </svg>
      )}
    </span>
  );
}
