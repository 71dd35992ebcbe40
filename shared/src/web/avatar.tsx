import { useState } from 'react';

/** A profile picture, or the name's first character when there is none or it fails to load. */
export function Avatar({
  src,
  name,
  size = 36,
  className = 'avatar',
}: {
  src: string;
  name: string;
  size?: number;
  className?: string;
}) {
  const [broken, setBroken] = useState(false);
  if (src && !broken) {
    return (
      <img
        className={className}
        src={src}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        referrerPolicy="no-referrer"
        onError={() => setBroken(true)}
      />
    );
  }
  return (
    <span className={`${className} avatar--initial`} style={{ width: size, height: size }} aria-hidden="true">
      {name.slice(0, 1)}
    </span>
  );
}
