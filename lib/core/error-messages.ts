import type { ErrorCode } from '@/lib/core/error-codes';
import { imageMessages, messages } from '@/lib/core/messages';
import { checkoutWording } from '@/lib/core/b2b-wording/checkout';
import { orderListWording } from '@/lib/core/b2b-wording/order-list';

/**
 * The refusals of one code, as entries of `errorMessages`: `{ key: message }` becomes
 * `{ key: { code, message } }`.
 */
function withCode<Code extends ErrorCode, Key extends string>(
  code: Code,
  table: Record<Key, string>,
): Record<Key, { code: Code; message: string }> {
  const entries = Object.entries<string>(table).map(([key, message]) => [key, { code, message }]);
  return Object.fromEntries(entries) as Record<Key, { code: Code; message: string }>;
}

/**
 * Every refusal of the store, keyed `area.case`: its code (the kind of refusal; only the HTTP
 * edge, lib/api/errors.ts, maps a code to a status) and the message a person reads. `{name}`
 * placeholders are filled by `refusalText()` (lib/core/refusal.ts). Field messages of the forms
 * live with their zod schemas. The table is grouped by code.
 *
 * The `input.*` keys are refusals of the input, one per kind of problem: the sentence is the
 * first field's issue (`{where}` is `field: ` or empty), every issue goes with it
 * (lib/core/refusal.ts).
 */
export const errorMessages = {
  ...withCode('bad_request', {
    'request.not_json': 'The request body must be valid JSON.',
    'request.not_object': 'The request body must be a JSON object.',
    'request.invalid_email': 'The email is not valid.',
    'input.malformed': '{where}{issue}',
    'auth.invalid_callback_url': 'The callbackUrl must be a web address or a path on this store.',
    'auth.reset_link_invalid':
      'This reset link is invalid, expired or already used. Ask for a new one.',
    'image.not_multipart': imageMessages.notMultipart,
    'payment.signature_missing': 'The Stripe-Signature header is missing.',
    'payment.signature_invalid': 'The webhook signature does not verify.',
  }),
  ...withCode('invalid_id', {
    'request.invalid_id': 'The {what} "{value}" is not a valid id.',
  }),
  ...withCode('cross_site', {
    'request.cross_site':
      'This request came from another site, so it was refused. Please use the store itself to do this.',
  }),
  ...withCode('payload_too_large', {
    'request.too_large': 'The request body is too large (at most {limit}).',
    'input.too_large': '{where}{issue}',
  }),
  ...withCode('not_found', {
    'request.no_route': 'No API route matches {method} {path}.',
    'cron.unknown_job': 'No background job is named {job}.',
    'user.not_found': 'No user has this email.',
    'user.gone': 'Your account no longer exists.',
    'product.not_found': 'No product has this id.',
    'image.not_found': 'No image has this id.',
    'order.not_found': 'No order has this id.',
    'quote.not_found': 'No quote has this id.',
    'cart.line_not_found': 'Your order list has no line of this product.',
    'company.none': 'You do not belong to a company yet. Create one, or accept an invitation.',
    'company.not_found': 'No company has this id.',
    'company.member_not_found': 'Your company has no member with this id.',
    'company.not_a_member': 'This company has no member with this id.',
    'company.address_not_found': 'Your company has no shipping address with this id.',
    'company.invitation_not_found':
      'This invitation is invalid, expired or already used. Ask the company’s owner for a new one.',
    'billing.invoice_not_found': 'No invoice has this id.',
    'billing.money_to_return_not_found': 'No money to return has this id.',
    'price_list.not_found': 'No price list has this id.',
    'price_list.entry_not_found': 'This price list has no entry for this product.',
  }),
  ...withCode('rate_limited', {
    'request.rate_limited': 'Too many requests. Please wait {minutes} and try again.',
    'auth.sign_in_rate_limited':
      'Too many sign-in attempts. Please wait a few minutes and try again.',
  }),
  ...withCode('validation_failed', {
    'input.invalid': '{where}{issue}',
    'quick_order.too_many_lines':
      'A quick order takes at most {max} lines; this one has {count}. Split it into several quick orders.',
    'quick_order.nothing_to_place':
      'None of the lines can be ordered. Correct them and check again.',
    'order.too_large_for_card':
      'This order is larger than a single card payment allows ($999,999.99). Please contact us to pay it.',
    'order.too_small_for_card': 'This order is below the smallest card payment ($0.50).',
    'price_list.import_too_large':
      'A price list import takes a file of at most {max}. Split it into several imports.',
    'price_list.import_too_many_lines':
      'A price list import takes at most {max} lines; this file has {count}. Split it into several imports.',
    'price_list.import_empty': 'The file has no lines to import.',
    'price_list.import_refused':
      '{refused} of {lines} lines were refused, so nothing was imported. Correct them and import the file again.',
    'billing.payment_too_large':
      'This payment ({amount}) is more than what is still owed on the invoice ({open}). Record at most what is owed.',
  }),
  ...withCode('conflict', {
    'input.conflict': '{where}{issue}',
    'auth.already_verified': 'Your email is already verified.',
    'user.cannot_remove_self': 'You cannot remove yourself.',
    'user.last_admin': 'The last admin cannot be removed.',
    'user.last_admin_demote':
      'The last admin cannot stop being an admin. Make someone else admin first.',
    'user.not_admin': 'This user is not an admin.',
    'user.configured_admin':
      '{email} is configured as an admin (ADMIN_EMAILS), so it stays an admin. Remove the address from ADMIN_EMAILS to take the role away.',
    'user.role_change_busy': 'Another change to this user is under way. Please try again.',
    'user.company_last_owner':
      '{email} is the last owner of the company {company}, which has other members. Make another member an owner, or remove the other members, before removing this account.',
    'product.price_changed':
      'The product’s minimum order quantity or price changed meanwhile. Reload it and check its price tiers again.',
    'order.paid_cannot_delete': 'A paid order cannot be deleted.',
    'order.payment_in_progress':
      'A payment for this order is in progress; it cannot be deleted now.',
    'order.expired':
      'This order expired: it was not paid within {hours}, so it was cancelled and its stock released. Please place a new order.',
    'order.too_many_unpaid':
      'You already have {max} unpaid orders. Please pay or delete one of them before placing another.',
    'order.too_many_unpaid_unverified':
      'You already have {max} unpaid orders, the most an account whose email is not verified yet may hold. Pay or delete one of them, verify your email (the link we sent you, or resend it from My Profile) to hold up to {verifiedMax}, or request a quote for what you need.',
    'order.already_paid': 'This order is already paid.',
    'order.on_account':
      'This order is on your company’s account: it is paid by its invoice, not here.',
    'order.bank_transfer_in_progress':
      'Part of this order’s bank transfer has arrived already. Send the rest by bank transfer with the same reference.',
    'cart.full':
      'Your order list holds at most {max} parts. Check it out or remove a line before adding another part.',
    'company.already_member':
      'You already belong to a company. Leave it (an owner removes you) before creating or joining another.',
    'company.last_owner': 'A company needs at least one owner. Make another member an owner first.',
    'company.own_limit':
      'You cannot lower your own limits: your orders would wait for an approval that only someone else can give. Another owner can set your limits.',
    'company.invitee_in_other_company':
      '{email} already belongs to another company, so they cannot be invited.',
    'company.invitee_already_member': '{email} is already a member of your company.',
    'company.already_in_this_company': '{email} is already a member of this company.',
    'company.too_many_addresses':
      'Your company holds {max} shipping addresses, the most it may. Remove one before adding another.',
    'company.too_many_invitations':
      'Your company has {max} open invitations, the most it may. Revoke one or wait for it to be accepted.',
    'terms.not_enabled':
      'Your company does not pay on account. Pay this order by card, or ask us for payment terms.',
    'terms.on_hold':
      'Your company’s account is on hold because an invoice is overdue, so orders on account are paused. Pay the overdue invoice to order on account again; you can still pay this order by card.',
    'terms.credit_limit_exceeded':
      'This order ({total}) is more than the credit your company has left on account ({available}). Pay it by card, lower the order, or ask us to raise your limit.',
    'order.not_awaiting_approval': 'This order is {status}, so it no longer waits for an approval.',
    'order.awaiting_approval':
      'This order waits for an approval by your company, so it cannot be paid or changed yet.',
    'cart.busy': 'Your order list was changed at the same moment elsewhere. Please try again.',
    'cart.empty':
      'Your order list is empty. Add parts from their product pages or with Quick Order first.',
    'cart.not_ready':
      'Some lines of your order list cannot be ordered as they are. Change or remove them first: each says why.',
    'cart.share_refused': orderListWording.refusals.linesRefused,
    'cart.share_full': orderListWording.refusals.full,
    'cart.share_busy': orderListWording.refusals.busy,
    'order.too_many_lines_unverified':
      'An account whose email is not verified yet may order at most {max} parts in one order. Verify your email (the link we sent you, or resend it from My Profile) to check out a longer order list, or split it.',
    'order.lines_short':
      'Some parts are short of stock now, so nothing was ordered. Lower their quantities to what is available, or remove them.',
    'checkout.lines_short': checkoutWording.refused.short,
    'checkout.lines_not_ready': checkoutWording.refused.notReady,
    'order.interrupted':
      'Your order could not be completed this time and nothing was taken. Please place it again.',
    'order.cancelled':
      'This order was cancelled and can no longer be paid or changed. Please place a new order.',
    'order.invalid_transition': 'This order is {from}, so it cannot be marked {to}.',
    'order.paid_with_other_payment': 'This order is already paid with another payment.',
    'order.payment_not_prepared': 'The payment could not be prepared. Please reload the page.',
    'order.payment_not_completed': 'This payment has not completed.',
    'quote.not_answered': 'This quote has not been answered yet, so it cannot be accepted.',
    'quote.expired': 'This quote expired on {date}. Please request a new quote.',
    'quote.already_accepted': 'This quote was already accepted.',
    'quote.accepting':
      'This quote is being accepted right now. Please reload the page in a moment.',
    'quote.declined': 'This quote was declined.',
    'quote.price_changed':
      'The price of this quote has changed to {unitPrice} a unit ({total} in all) since you saw it. Please check the new price and accept again.',
    'quote.closed': 'This quote is {status}, so it can no longer be answered or declined.',
    'quote.out_of_stock':
      'There is not enough stock to accept this quote right now (only {available} available). The quote stays open: please try again later or contact us.',
    'quote.below_minimum':
      "The product's minimum order quantity is now {minimum}, above this quote's quantity. Please request a new quote.",
    'invoice.not_paid':
      'This order has no invoice yet: an invoice is issued once the order is paid.',
    'billing.not_payable': 'This invoice is {status}, so no payment can be recorded against it.',
    'billing.payment_duplicate':
      'A payment with the reference “{reference}” is already recorded on this invoice.',
    'billing.not_voidable':
      'This invoice is {status}, so it cannot be voided: only an open invoice (or one being issued) with nothing paid on it can.',
    'billing.issuing':
      'This invoice is being issued at Stripe right now. Please try again in a minute.',
    'price_list.busy':
      'This price list was changed at the same moment elsewhere. Please try again.',
    'billing.paid_at_stripe':
      'Stripe reports this invoice as paid, so it cannot be voided. Reload the page: its payment will show shortly.',
    'billing.money_already_returned':
      'This money was already marked returned on {day}, by {by}. Reload the page to see it with the returned payments.',
  }),
  ...withCode('unsupported_media_type', {
    'input.unsupported_type': '{where}{issue}',
  }),
  ...withCode('internal_error', {
    'server.internal': 'Something went wrong on our side.',
  }),
  ...withCode('service_unavailable', {
    'server.database_unavailable': 'The database is unavailable. Try again shortly.',
    'cron.jobs_off': 'This server runs no background jobs (JOB_RUNNER=off).',
    'payment.not_configured': messages.payment.notConfigured,
  }),
  ...withCode('bad_gateway', {
    'auth.reset_mail_unavailable':
      'We cannot send the reset mail right now: our mail server is not answering. Please try again in a few minutes.',
    'auth.verification_mail_failed':
      'The verification mail could not be sent right now. Please try again later.',
    'product.picture_unavailable': 'The product’s picture could not be fetched from its address.',
    'image.store_failed': imageMessages.storeFailed,
    'contact.send_failed':
      'Your message could not be sent right now. Please try again later or write to us directly.',
    'payment.unreachable': 'The payment service could not be reached. Try again shortly.',
  }),
  ...withCode('unauthorized', {
    'auth.sign_in_required': 'Please sign in to continue.',
    'cron.secret_invalid': 'The cron secret is missing or wrong.',
    'metrics.token_invalid': 'The metrics token is missing or wrong.',
  }),
  ...withCode('forbidden', {
    'auth.admin_only': 'Only an admin may do this.',
    'auth.own_account_only': 'You may only access your own account.',
    'auth.session_required': 'An access token cannot do this. Please sign in again.',
    'order.not_yours': 'You may only access your own orders.',
    'order.pay_not_yours': 'You may only pay your own orders.',
    'quote.not_yours': 'You may only access your own quotes.',
    'quote.accept_not_yours': 'Only the buyer who asked for this quote may accept it.',
    'company.not_allowed': 'Your role in your company does not allow this: ask an owner.',
    'company.invitation_other_email':
      'This invitation was sent to another email address. Sign in with the address it was sent to.',
    'company.create_unverified':
      'Verify your email before creating a company: open the link we sent you, or resend it from My Profile.',
    'order.approval_unverified':
      'This order would wait for your company’s approval (it is above your approval limit, or your limit for the month), and an order that waits for an approval needs a verified email. Verify your email (open the link we sent you, or resend it from My Profile), or order within your limits.',
    'company.invite_unverified':
      'Verify your email before inviting people into your company: open the link we sent you, or resend it from My Profile.',
    'order.approve_own':
      'You cannot approve or reject your own order: another approver or owner of your company must.',
  }),
} satisfies Record<string, { code: ErrorCode; message: string }>;

export type ErrorKey = keyof typeof errorMessages;
