import { CategoryOptions } from './CategoryOptions';
import type { CatalogueSort } from '@/lib/catalogue';

export const sortLabels: Record<CatalogueSort, string> = {
  newest: 'Newest first',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  name: 'Name: A to Z',
};

/** What the form shows: the URL's values as they were typed (also invalid ones). */
export interface SearchFormValues {
  q?: string;
  category?: string;
  sort?: string;
  limit?: string;
}

/**
 * The catalogue's search form: a plain GET form, so it works without JavaScript and every
 * result page has its own URL. Searching starts again at page 1 (no page field).
 */
export function CatalogueSearchForm({
  action,
  values,
  idPrefix = 'catalogue',
  label = 'Search the catalogue',
  withSort = true,
}: {
  action: string;
  values: SearchFormValues;
  idPrefix?: string;
  label?: string;
  withSort?: boolean;
}) {
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <form
      action={action}
      method="get"
      role="search"
      aria-label={label}
      className="grid grid-cols-1 gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto] lg:items-end"
    >
      <div className="sm:col-span-2 lg:col-span-1">
        <label htmlFor={id('q')} className="field-label">
          Search by name or part number
        </label>
        <input
          id={id('q')}
          type="search"
          name="q"
          defaultValue={values.q ?? ''}
          maxLength={100}
          placeholder="e.g. ball bearing or BB-6204"
          className="field-input"
        />
      </div>
      <SelectField id={id('category')} name="category" label="Category" value={values.category}>
        <option value="">All categories</option>
        <CategoryOptions />
      </SelectField>
      {withSort ? (
        <SelectField id={id('sort')} name="sort" label="Sort by" value={values.sort}>
          <option value="">{values.q ? 'Best match' : 'Newest first'}</option>
          {Object.entries(sortLabels)
            // Without a search, the default already is newest first.
            .filter(([value]) => value !== 'newest' || values.q || values.sort === 'newest')
            .map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
        </SelectField>
      ) : null}
      {values.limit ? <input type="hidden" name="limit" value={values.limit} /> : null}
      <button type="submit" className="btn-primary">
        Search
      </button>
    </form>
  );
}

/** One of the form's choices: a labelled select, preset to the URL's value. */
function SelectField({
  id,
  name,
  label,
  value,
  children,
}: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ''} className="field-input">
        {children}
      </select>
    </div>
  );
}
