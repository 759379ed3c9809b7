/**
 * The fixed wording of the dialogs and toasts (kept word for word; tests assert it) and the login
 * page's errors: the part of lib/core/messages.ts that the public pages' forms show, apart, so
 * that their scripts do not carry every message of the store.
 */
export const messages = {
  validation: {
    emailRequired: 'Email is Required',
    emailInvalid: 'Provide a valid Email',
    passwordRequired: 'Password is Required',
    passwordTooShort: 'Must be 6 characters to longer',
    nameRequired: 'Name is Required',
    locationRequired: 'Location is Required',
    reviewRequired: 'Review is Required',
    imageRequired: 'Image is Required',
  },
  order: {
    minimumTitle: 'Warning!',
    minimumText: 'Minimum Order Quantity - 500',
    successTitle: 'Successfully',
    successText: 'Thanks for the purchase',
    failureTitle: 'Error',
    failureText: 'Product purchase failed!',
    deleteConfirm: 'Are you sure you want to order product delete?',
    deleteCancelled: 'Your order product is safe!',
    deleted: 'Order delete successfull',
    adminDeleteConfirm: 'Are you sure you want to delete order?',
  },
  payment: {
    completed: 'Congrats!Your payment is completed.',
    notConfigured: 'Card payments are not configured on this storefront.',
  },
  product: {
    added: 'Product added successfull',
    deleteConfirm: 'Are you sure you want to delete product?',
    deleteCancelled: 'Your product is safe!',
    deleted: 'Product delete successfull',
  },
  review: {
    successTitle: 'Successfully',
    successText: 'Review added successfull',
    failureTitle: 'Error',
    failureText: 'Review added failed!',
  },
  contact: {
    successTitle: 'Successfully',
    successText: 'Thanks for the your email',
  },
  profile: { updated: 'Profile update successfull' },
  admin: { made: 'Admin made in successfully' },
  reset: {
    emptyTitle: 'Error',
    emptyText: 'Please enter your email address',
    sentTitle: 'Sent email',
    sentText: 'Please check your email',
  },
  /** Title of an error dialog. */
  errorTitle: 'Error',
  cannotRecover: 'Once deleted, you will not be able to recover it!',
  notFound: 'Oops!404-PAGE NOT FOUND',
} as const;

/** What the login page says for an error code in its URL (Auth.js's or the store's own). */
const loginErrors: Record<string, string> = {
  AdminRequired: 'That page is for admins. Sign in with an admin account to open it.',
  OAuthAccountNotLinked:
    'An account with this email already exists with a password. Sign in with your email and password.',
  CredentialsSignin: 'Wrong email or password.',
  'CredentialsSignin:rate_limited':
    'Too many sign-in attempts. Please wait a few minutes and try again.',
  AccessDenied: 'Sign-in was refused.',
};

export function loginErrorMessage(
  error: string | null | undefined,
  code?: string | null,
): string | null {
  if (!error) return null;
  return (
    loginErrors[`${error}:${code}`] ?? loginErrors[error] ?? 'Sign-in failed. Please try again.'
  );
}
