import type { Metadata } from 'next';
import { CartPanel } from '@/components/cart/CartPanel';
import { DashboardSection } from '@/components/dashboard/DashboardSection';
import { requirePageUser } from '@/lib/accounts';
import { shareColleagues, viewCart } from '@/lib/cart';
import { orderingRoleNames } from '@/lib/cart/shared';
import { orderListWording } from '@/lib/core/b2b-wording/order-list';
import { can, COMPANY_ROLE_LABELS, companyOfMember, myCompany } from '@/lib/companies';
import { checkoutHolds, MAX_CARD_AMOUNT_CENTS, paymentsConfigured } from '@/lib/orders';
import { termsOfCompany } from '@/lib/terms';

export const metadata: Metadata = { title: 'Order List' };

/**
 * The order list (cart), server-rendered: every line with its part number, picture, quantity
 * (editable), the unit price of its volume tier, its total and the order total, each line
 * judged against its product as it is now (lib/cart); below it the checkout, which places the
 * whole list as one order and opens its payment page. A company member may send the list to a
 * colleague who places orders; for a member whose role places none, that is said at the top.
 */
export default async function CartPage() {
  const user = await requirePageUser('/dashboard/cart');
  const [cart, membership] = await Promise.all([viewCart(user), companyOfMember(user)]);
  const [company, terms, colleagues] = membership
    ? await Promise.all([
        myCompany(user),
        termsOfCompany(membership.company._id.toHexString()),
        shareColleagues(user),
      ])
    : [null, null, []];
  return (
    <DashboardSection id="cart-heading" title="Order List">
      <p className="mt-1 max-w-2xl text-sm text-slate-600">{orderListWording.list.intro}</p>
      <CartPanel
        initial={cart}
        user={{ name: user.name, email: user.email }}
        cardLimitCents={MAX_CARD_AMOUNT_CENTS}
        bankTransfer={paymentsConfigured()}
        holds={checkoutHolds(user)}
        company={
          company
            ? {
                name: company.name,
                addresses: company.shippingAddresses,
                limitCents: company.membership.approvalLimitCents,
                canPlace: can(company.membership.role, 'placeOrders'),
                account:
                  terms?.mode === 'net' && terms.netDays !== null
                    ? {
                        netDays: terms.netDays,
                        availableCents: terms.availableCents,
                        onHold: terms.onHold,
                        invoiceOn: terms.invoiceOn,
                      }
                    : null,
              }
            : null
        }
        share={
          company
            ? {
                setup: {
                  company: company.name,
                  orderingRoles: orderingRoleNames(),
                  colleagues,
                },
                canPlace: can(company.membership.role, 'placeOrders'),
                role: COMPANY_ROLE_LABELS[company.membership.role],
              }
            : null
        }
      />
    </DashboardSection>
  );
}
