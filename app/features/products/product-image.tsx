import { useEffect, useRef, useState } from "react";
import { safeHttpUrl } from "#app/lib/safe-url.ts";

/** Drawn here, not fetched: a card without a picture (or with a broken one) still looks finished. */
export function ImagePlaceholder() {
  return (
    <div aria-hidden="true" className="flex aspect-[4/3] w-full items-center justify-center bg-gradient-to-br from-slate-100 to-slate-200 text-slate-400">
      <svg width="56" height="56" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round">
        <path d="M21 8 12 3 3 8v8l9 5 9-5V8Z" />
        <path d="m3 8 9 5 9-5" />
        <path d="M12 13v8" />
      </svg>
    </div>
  );
}

/**
 * A product picture from a user-entered address: only http(s) is ever rendered, it never sends our
 * address as a referrer, and a missing or failed picture becomes the local placeholder. An image that
 * failed before React hydrated is caught on mount (its error event has already fired).
 */
export function ProductImage({ src, eager = false }: { src: string; eager?: boolean }) {
  const url = safeHttpUrl(src);
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);

  useEffect(() => {
    const img = ref.current;
    setFailed(Boolean(img?.complete && img.naturalWidth === 0 && url));
  }, [url]);

  if (!url || failed) return <ImagePlaceholder />;
  return (
    <img
      ref={ref}
      src={url}
      alt=""
      width={400}
      height={300}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
      className="aspect-[4/3] w-full bg-slate-100 object-cover"
    />
  );
}
