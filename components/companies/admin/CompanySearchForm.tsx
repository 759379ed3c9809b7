import { MAX_COMPANY_SEARCH_LENGTH } from '@/lib/companies/schemas';
import { companyWording as words } from '@/lib/core/b2b-wording/company';

/**
 * The admin's company search: a plain GET form, so it works without JavaScript and every
 * search has its own URL. Searching starts again at page 1 (no page field).
 */
export function CompanySearchForm({ action, q }: { action: string; q?: string }) {
  return (
    <form
      action={action}
      method="get"
      role="search"
      aria-label={words.admin.list.searchLabel}
      className="mt-6 flex flex-col gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-end"
    >
      <div className="grow">
        <label htmlFor="company-q" className="field-label">
          {words.admin.list.searchField}
        </label>
        <input
          id="company-q"
          type="search"
          name="q"
          defaultValue={q ?? ''}
          maxLength={MAX_COMPANY_SEARCH_LENGTH}
          placeholder={words.admin.list.searchPlaceholder}
          className="field-input"
        />
      </div>
      <button type="submit" className="btn-primary">
        {words.admin.list.search}
      </button>
    </form>
  );
}
