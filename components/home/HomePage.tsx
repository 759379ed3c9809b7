import { unstable_cache } from 'next/cache';
import { CATALOGUE_REVALIDATE_SECONDS, cacheTags } from '@/lib/cache';
import { listProducts } from '@/lib/data/products';
import { listReviews } from '@/lib/data/reviews';
import { Hero } from './Hero';
import { ProductList } from './ProductList';
import { Statistics } from './Statistics';
import { ReviewList } from './ReviewList';
import { Description } from './Description';
import { ContactSection } from './ContactSection';

const homeData = unstable_cache(
  async () => {
    const [products, reviews] = await Promise.all([listProducts(), listReviews()]);
    return { products, reviews };
  },
  ['home-catalogue'],
  { tags: [cacheTags.products, cacheTags.reviews], revalidate: CATALOGUE_REVALIDATE_SECONDS },
);

/** The home page: the six sections of the specification, in order. */
export async function HomePage() {
  const { products, reviews } = await homeData();
  return (
    <>
      <Hero />
      <ProductList products={products} />
      <Statistics />
      <ReviewList reviews={reviews} />
      <Description />
      <ContactSection />
    </>
  );
}
