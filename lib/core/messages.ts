/**
 * Every user-visible message of the store, in one place: the fixed wording of the dialogs,
 * toasts and field messages (kept word for word; tests assert them) and the login page's errors.
 * The API's refusals keyed by case are in lib/core/error-messages.ts, apart, so that a page's
 * script that shows a message or two does not carry them all.
 */
// The fixed wording and the login page's errors live in lib/core/wording.ts, a small module
// the sign-in and contact forms import alone; every message is still reachable from here.
export { loginErrorMessage, messages } from './wording';
// The business flows' words, flow by flow (each flow's components import their own file).
export { b2bWording } from './b2b-wording';

/**
 * Field messages of the forms beyond the fixed wording above, shared by each form and its API
 * handler through the zod schemas of the features' validation/ folders.
 */
export const fieldMessages = {
  required: (label: string) => `${label} is Required`,
  tooLong: (label: string) => `${label} is too long`,
  oneLine: (label: string) => `${label} must be on one line`,
  /** Control, bidi-override or zero-width characters (lib/core/validation/text.ts). */
  printable: (label: string) => `${label} must use printable characters only`,
  invalidId: 'Must be a valid id',
  webLink: 'Link must be a web address (https://…)',
  order: {
    phoneDigits: 'Phone must contain digits only',
    quantityNumber: 'Quantity must be a number',
    quantityWhole: 'Quantity must be a whole number',
    quantityTooLarge: 'Quantity is too large',
    minimum: (minimum: number) => `Minimum Order Quantity - ${minimum}`,
    notEnoughStock: 'There is not enough stock for this quantity',
    onlyAvailable: (available: number) =>
      `Only ${available} available: the quantity is more than the available quantity`,
    poNumberTooLong: 'PO number must be at most 40 characters',
    poNumberPrintable: 'PO number must use printable characters only',
  },
  product: {
    pictureInvalid: 'Provide an image URL starting with http:// or https:// or /images/',
    pictureUrlTooLong: 'The picture URL is too long',
    notNegative: 'Must not be negative',
    wholeNumber: 'Must be a whole number',
    tooLarge: 'Must not be above 1,000,000,000',
    priceTooLarge: 'Must not be above 1,000,000',
    priceDecimals: 'Use at most 2 decimals',
    skuInvalid: 'Use only letters, digits, "-", "." and "/" (at most 40)',
    skuTaken: 'Another product already has this part number',
    tierQuantityRequired: 'From quantity is Required',
    tierPriceRequired: 'Unit price is Required',
    tierQuantityMinimum: 'Must be at least 1',
    tierPriceMinimum: 'Must be at least $0.01',
    tiersTooMany: (max: number) => `At most ${max} price tiers`,
    tiersTooFew:
      'Add a second tier with a larger quantity and a lower price, or remove the price tiers',
    tiersNotList: 'Price tiers must be a list of { minQuantity, price }',
    tierFirstQuantity: (minimum: number) =>
      `The first tier starts at the minimum order quantity (${minimum})`,
    tierFirstPrice: (price: string) => `The first tier's price is the base price (${price})`,
    tierQuantityDuplicate: 'Another tier already starts at this quantity',
    tierQuantityOrder: 'Must be larger than the quantity of the tier before',
    tierPriceOrder: 'Must be lower than the price of the tier before',
    orderMultipleInvalid: 'Carton size must be a whole number from 1 to 1,000,000',
    maxOrderQuantityInvalid: 'Maximum per order must be a whole number of at least 1, or none',
    /** The rules between the carton size and the quantities (`cartonIssues`). */
    minimumNotCartons: (multiple: string) =>
      `The minimum order quantity must be a whole number of cartons (multiples of ${multiple})`,
    tierNotCartons: (multiple: string) =>
      `Must be a whole number of cartons (multiples of ${multiple})`,
    maximumNotCartons: (multiple: string) =>
      `The maximum per order must be a whole number of cartons (multiples of ${multiple})`,
    maximumBelowMinimum: (minimum: string) =>
      `The maximum per order must be at least the smallest quantity that may be ordered (${minimum})`,
    orderQuantitiesMissing:
      'Give minimumOrderQuantity, orderMultiple or maxOrderQuantity to change the order quantities',
  },
  catalogue: {
    searchTooLong: 'Search text must be at most 100 characters',
    unknownCategory: 'Choose one of the catalogue categories',
    unknownSort: 'Sort by newest, price-asc, price-desc or name',
    pageInvalid: 'Page must be a whole number from 1',
    limitInvalid: 'Limit must be a whole number from 1 to 100',
  },
  profile: {
    companyTooLong: 'Company must be at most 120 characters',
    companyPrintable: 'Company must use printable characters only',
    taxIdTooLong: 'Tax ID / VAT number must be at most 40 characters',
    taxIdCharacters: 'Tax ID / VAT number may use letters, digits, spaces, dots and dashes only',
  },
  orderStatus: {
    choose: 'Choose processing, shipped, delivered or cancelled',
    carrierRequired: 'Carrier is Required to mark an order shipped',
    trackingRequired: 'Tracking number is Required to mark an order shipped',
    trackingInvalid: 'Use letters, digits, spaces and "-" only',
    onlyWhenShipped: 'Only an order marked shipped gets a carrier and tracking number',
    noteTooLong: 'Note must be at most 500 characters',
  },
  orderDates: {
    invalid: 'Use a date as YYYY-MM-DD',
    fromAfterTo: 'From must be on or before To',
  },
  quote: {
    neededByInvalid: 'Needed by must be a date (YYYY-MM-DD)',
    neededByPast: 'Needed by must not be in the past',
    noteTooLong: 'Note must be at most 1000 characters',
    unitPriceRequired: 'Unit price is Required',
    unitPriceMinimum: 'Must be at least $0.01',
    validUntilRequired: 'Valid until is Required',
    validUntilInvalid: 'Valid until must be a date (YYYY-MM-DD)',
    validUntilPast: 'Valid until must not be in the past',
    reasonRequired: 'Reason is Required',
    reasonTooLong: 'Reason must be at most 500 characters',
    actionInvalid: 'Action must be "answer" or "decline"',
    statusInvalid:
      'Status must be one of requested, answered, accepting, accepted, declined, expired',
    acceptUnitPriceRequired:
      'Send the unit price you are accepting, in US dollars, as the quote shows it (unitPrice)',
  },
  review: {
    ratingRange: 'Choose a rating from 1 to 5',
    imgNotUploaded: 'Upload the picture through /api/images first and send the URL it answered',
  },
} as const;

// Notices live in their own small module: the navigation bar's API helper (lib/client/api.ts)
// needs one of them on every page, and this file would otherwise be in every page's script.
export { notices } from './notices';

/** Quick order by part number (/dashboard/quick-order): its field and per-line messages. */
export const quickOrderMessages = {
  textRequired: 'Paste at least one line: a part number and a quantity',
  textTooLong: (max: number) => `The lines must be at most ${max} characters`,
  malformed: 'Write a part number and a quantity, separated by a comma (e.g. SG-M2-40-20, 1000)',
  quantityWhole: 'Quantity must be a whole number',
  unknownPart: 'Unknown part number',
  /** Below the product's minimum, with the nearest quantity that may be ordered. */
  belowMinimum: (minimumText: string, suggested: number) =>
    `${minimumText}. Nearest valid quantity: ${suggested}`,
  /** Above the stock, with the stock shown, the most that may be ordered and a quote for more. */
  aboveStock: (available: number, suggested: number | null) =>
    suggested === null
      ? `Only ${available} available: not enough stock for this part's minimum. Request a quote from the product page`
      : `Only ${available} available: order at most ${suggested}, or request a quote from the product page`,
  tooLarge: 'Quantity is too large',
  merged: (lines: readonly number[]) =>
    `Lines ${lines.slice(0, -1).join(', ')} and ${lines.at(-1)} merged: quantities summed`,
  fileNotText: 'The file must be a CSV text file.',
  fileTooLarge: (max: number) => `The file must be at most ${max} characters.`,
} as const;

/** "Order again": why the product page changed the earlier quantity; what the order list took. */
export const orderAgainMessages = {
  prefilled:
    "The quantity, address and phone of your earlier order are filled in. Price, minimum and stock are today's.",
  belowMinimum: (minimumText: string, earlier: number, chosen: number) =>
    `${minimumText}: your earlier quantity ${earlier} was changed to ${chosen}.`,
  aboveStock: (available: number, earlier: number, chosen: number) =>
    `Only ${available} available: your earlier quantity ${earlier} was changed to ${chosen}.`,
  notOffered: (earlier: number, chosen: number) =>
    `Your earlier quantity ${earlier} is not one of the quantities offered: ${chosen} was chosen instead.`,
  noneAvailable: (available: number, earlier: number) =>
    `Only ${available} available: your earlier quantity ${earlier} cannot be ordered again now.`,
  noLongerSold: 'No longer sold',
  /** A line "Order again" or a quick order could not put in the full order list. */
  listFull: (max: number) => `Your order list is full (at most ${max} lines)`,
  /** "Order again" of a whole order into the order list. */
  added: (count: number) =>
    `${count} line${count === 1 ? '' : 's'} put in your order list at today's prices.`,
  skipped: (count: number) => `${count} line${count === 1 ? ' was' : 's were'} not added:`,
  openList: 'Open the order list',
} as const;

/** What a person reads about a picture they upload (Add Product, Add a Review). */
export const imageMessages = {
  notImage: 'The picture must be a JPEG, PNG, WebP or GIF image.',
  tooLarge: 'The picture must be at most 5 MB.',
  notFile: 'The picture must be sent as a file.',
  notMultipart: 'The request body must be multipart/form-data.',
  storeFailed: 'The picture could not be stored right now. Please try again later.',
  tooManyUnattached:
    'Your pictures not yet used in a review or product already take 50 MB, the most allowed. Use them, or wait: an unused picture is removed an hour after its upload.',
  alreadyUsed: 'This picture is already used by another review. Upload a new picture for this one.',
  removed:
    'This picture was removed because it was not used within an hour of its upload. Please upload it again.',
} as const;
