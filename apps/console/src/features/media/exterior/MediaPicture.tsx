import type { MediaImageAnswer } from '@spinyard/domain';
import type { CSSProperties } from 'react';

/** A stored image at one size: WebP for browsers that read it, the JPEG otherwise. */
export function MediaPicture({
  image,
  size,
  alt,
  style,
}: {
  image: MediaImageAnswer;
  size: string;
  alt: string;
  style?: CSSProperties;
}) {
  const rendition = image.renditions[size] ?? image.renditions.display ?? Object.values(image.renditions)[0];
  if (!rendition) return null;
  return (
    <picture>
      <source srcSet={rendition.webp} type="image/webp" />
      <img
        src={rendition.jpeg}
        alt={alt}
        width={rendition.width}
        height={rendition.height}
        loading="lazy"
        draggable={false}
        style={{ display: 'block', width: '100%', height: 'auto', ...style }}
      />
    </picture>
  );
}
