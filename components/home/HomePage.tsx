import { listCachedProducts } from '@/lib/data/products';
import { listCachedReviews } from '@/lib/data/reviews';
import { Hero } from './Hero';
import { ProductList } from './ProductList';
import { Statistics } from './Statistics';
import { ReviewList } from './ReviewList';
import { Description } from './Description';
import { ContactSection } from './ContactSection';

/** The home page: the six sections of the specification, in order. */
export async function HomePage() {
  const [products, reviews] = await Promise.all([listCachedProducts(), listCachedReviews()]);
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
