import { listCachedNewestProducts } from '@/lib/catalogue';
import { listCachedReviews } from '@/lib/reviews';
import { JsonLd } from '@/components/layout/JsonLd';
import { Hero } from '@/components/home/Hero';
import { ProductList } from './ProductList';
import { Statistics } from '@/components/home/Statistics';
import { ReviewList } from '@/components/home/ReviewList';
import { Description } from '@/components/home/Description';
import { ContactSection } from '@/components/home/ContactSection';
import { organizationLd } from './structured-data';

/** Products on the home page: the newest; the whole catalogue is on /products. */
export const HOME_PRODUCT_COUNT = 9;

/** The home page: the six sections of the specification, in order. */
export async function HomePage() {
  const [products, reviews] = await Promise.all([
    listCachedNewestProducts(HOME_PRODUCT_COUNT),
    listCachedReviews(),
  ]);
  return (
    <>
      <JsonLd data={organizationLd()} />
      <Hero />
      <ProductList products={products} />
      <Statistics />
      <ReviewList reviews={reviews} />
      <Description />
      <ContactSection />
    </>
  );
}
