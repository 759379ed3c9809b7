import { categories } from '@/lib/catalogue/shared';

/** One `<option>` per category (value: slug, text: name), for the forms' category selects. */
export function CategoryOptions() {
  return categories.map((category) => (
    <option key={category.slug} value={category.slug}>
      {category.name}
    </option>
  ));
}
