import { useEffect, useRef, useState } from "react";
import { type ImageView, imagePath, variantOf } from "#app/lib/images.ts";

const PALETTE = ["#2563eb", "#0d9488", "#7c3aed", "#db2777", "#ea580c", "#16a34a", "#0891b2", "#4f46e5"];

/** "도매꾹" → "도", "ownerclan" → "OW": what the placeholder shows instead of a logo. */
export function initialsOf(name: string) {
  const trimmed = name.trim();
  if (!trimmed) return "?";
  const first = Array.from(trimmed)[0] ?? "?";
  if (/[a-z0-9]/i.test(first))
    return (
      trimmed
        .replace(/[^a-z0-9]/gi, "")
        .slice(0, 2)
        .toUpperCase() || first
    );
  return first;
}

function colorOf(name: string) {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return PALETTE[hash % PALETTE.length];
}

/** A locally drawn stand-in for a missing or broken logo: the name's initials on a colour of its own. */
export function InitialsLogo({ name, size, label }: { name: string; size: number; label: string }) {
  return (
    <span
      role="img"
      aria-label={label}
      data-placeholder="logo"
      className="inline-flex shrink-0 select-none items-center justify-center rounded-lg font-bold text-white"
      style={{ width: size, height: size, backgroundColor: colorOf(name), fontSize: Math.round(size * 0.42) }}
    >
      {initialsOf(name)}
    </span>
  );
}

type Props = { name: string; image: ImageView | null | undefined; size?: number; eager?: boolean };

/**
 * A wholesaler's logo from our own copy (docs/decisions/0023; its 160-pixel size is sharp at twice the
 * 80-pixel detail size), or the initials placeholder when there is none yet, when it failed, or when the
 * file fails to load (also a failure that happened before React hydrated).
 */
export function WholesalerLogo({ name, image, size = 48, eager = false }: Props) {
  const url = image && variantOf(image, "logo") ? imagePath(image.hash, "logo", image.base) : null;
  const [failed, setFailed] = useState(false);
  const element = useRef<HTMLImageElement>(null);
  const label = `${name || "이름 없음"} 로고`;

  useEffect(() => {
    setFailed(false);
  }, [url]);
  useEffect(() => {
    const img = element.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  });

  if (!url || failed) return <InitialsLogo name={name} size={size} label={label} />;
  return (
    <img
      ref={element}
      src={url}
      alt={label}
      width={size}
      height={size}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      onError={() => setFailed(true)}
      className="shrink-0 rounded-lg border border-slate-100 bg-white object-contain"
      style={{ width: size, height: size }}
    />
  );
}
