/** Notices and errors the pages and client components show, beyond the fixed wording. */
export const notices = {
  network: 'We could not reach the server. Check your connection and try again.',
  signedUpNotSignedIn: 'Your account was created, but signing in failed. Please log in.',
  passwordChanged: 'Your password was changed. Log in with the new one.',
  verificationSent: 'Verification mail sent. Please check your email.',
  emailVerified: 'Thank you: your email is verified.',
  emailAlreadyVerified: 'Your email was already verified.',
  verificationLinkInvalid:
    'This verification link is invalid, expired or already used. Send a new one below.',
  cardNotUsable: 'Your card could not be used.',
  paymentNotCompleted: 'Your payment could not be completed.',
  paymentPending: 'Your payment has not completed yet.',
  orderStatusChanged: 'Order status updated',
  paymentConfirmedLater:
    'Your payment went through; your order will show as paid within a few minutes.',
  quoteRequested: 'Quote requested: we will answer by mail, and you can follow it under Quotes.',
  quoteAnswered: 'Quote answered: the buyer is mailed the price.',
  quoteDeclined: 'Quote declined: the buyer is mailed the reason.',
  quoteAccepted: 'Quote accepted: your order is placed. Please pay it to confirm.',
} as const;
