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
 *
 * The srcset offers no width past the picture's own (the intrinsic width of a static import,
 * or the `width` given): the optimiser never enlarges a picture, so wider candidates would
 * only be the same bytes under more URLs, written into every page that shows the picture.
 */
export function ServerImage({
  preload = false,
  widths,
  ...rest
}: ImageProps & {
  /** Only these candidate widths in the srcset (for a picture shown at few sizes). */
  widths?: number[];
}) {
  const props = imageAttributes({
    ...rest,
    widths,
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

/**
 * The attributes of the <img> that next/image would render (`getImageProps`), with the srcset
 * trimmed to the picture's own width (and to `widths` when given). Plain data: a client
 * component can render a picture from them without next/image's code.
 */
export function imageAttributes({
  widths,
  ...rest
}: ImageProps & { widths?: number[] }): ReturnType<typeof getImageProps>['props'] {
  const { props } = getImageProps(rest);
  const intrinsicWidth =
    typeof rest.src === 'object'
      ? ('default' in rest.src ? rest.src.default : rest.src).width
      : typeof rest.width === 'number'
        ? rest.width
        : undefined;
  if (props.srcSet && intrinsicWidth) {
    const trimmed = trimSrcSet(props.srcSet, intrinsicWidth, widths);
    if (trimmed) {
      props.srcSet = trimmed.srcSet;
      props.src = trimmed.src;
    }
  }
  return props;
}

/** A picture's URLs, all a client component needs to draw it beside its fixed attributes. */
export interface ImageUrls {
  src: string;
  /** Absent for a picture next/image leaves unoptimised. */
  srcSet?: string;
}

/** The `src` and `srcset` of `imageAttributes`, as plain data for a client component. */
export function imageUrls(props: Parameters<typeof imageAttributes>[0]): ImageUrls {
  const { src, srcSet } = imageAttributes(props);
  return srcSet ? { src, srcSet } : { src };
}

/**
 * The candidates of a width-described srcset (`url 640w, ...`) up to the first at least as
 * wide as the picture (of those, only `widths` when given and any is there), and the last as
 * the `src` (browsers without srcset); null for a
 * density-described srcset (`1x, 2x`), kept as it is.
 */
export function trimSrcSet(
  srcSet: string,
  intrinsicWidth: number,
  widths?: number[],
): { srcSet: string; src: string } | null {
  const candidates = srcSet.split(', ').map((candidate) => {
    const space = candidate.lastIndexOf(' ');
    return { url: candidate.slice(0, space), descriptor: candidate.slice(space + 1) };
  });
  if (!candidates.every((candidate) => /^\d+w$/.test(candidate.descriptor))) {
    return null;
  }
  const firstWide = candidates.findIndex(
    (candidate) => Number.parseInt(candidate.descriptor, 10) >= intrinsicWidth,
  );
  let kept = firstWide === -1 ? candidates : candidates.slice(0, firstWide + 1);
  if (widths) {
    const chosen = kept.filter((candidate) =>
      widths.includes(Number.parseInt(candidate.descriptor, 10)),
    );
    if (chosen.length > 0) kept = chosen;
  }
  return {
    srcSet: kept.map((candidate) => `${candidate.url} ${candidate.descriptor}`).join(', '),
    src: kept.at(-1)!.url,
  };
}
