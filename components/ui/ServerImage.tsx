import { getImageProps, type ImageProps } from 'next/image';
import { preload as preloadResource } from 'react-dom';

/**
 * next/image for server components, with no JavaScript in the browser: the same optimised
 * <img> (srcset and sizes through /_next/image, AVIF or WebP, lazy loading, intrinsic size)
 * computed on the server by `getImageProps`, rendered as a plain element. next/image itself is
 * a client component, whose code and props every page carrying an image would ship.
 * `preload` adds the <link rel="preload"> of the image (with its srcset and sizes) to the head,
 * as soon as the element is rendered on the server: never use it in a boundary rendered with
 * every page (not-found, error), or every page would preload that image.
 */
export function ServerImage({ preload = false, ...rest }: ImageProps) {
  const { props } = getImageProps({
    ...rest,
    loading: preload ? 'eager' : rest.loading,
    fetchPriority: preload ? 'high' : rest.fetchPriority,
  });
  if (preload) {
    preloadResource(props.src, {
      as: 'image',
      imageSrcSet: props.srcSet,
      imageSizes: props.sizes,
      fetchPriority: 'high',
    });
  }
  // `props` carries alt (required by ImageProps).
  // eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text
  return <img {...props} />;
}
