/** Every user-visible message of the specification, word for word, in one place. */
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
