import { safeUrl } from './page-data.ts';

/** A picture of the manifest: its WebP where the browser takes WebP, its JPEG otherwise, through `safeUrl`. */
export function Picture({
  image,
  alt,
  className,
  loading,
}: {
  image: { webp?: string | null; jpeg?: string | null; width: number; height: number };
  alt: string;
  className?: string;
  loading?: 'lazy';
}) {
  return (
    <picture>
      <source type="image/webp" srcSet={safeUrl(image.webp)} />
      <img
        src={safeUrl(image.jpeg)}
        width={image.width}
        height={image.height}
        alt={alt}
        className={className}
        loading={loading}
      />
    </picture>
  );
}
