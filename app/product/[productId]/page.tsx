import type { Metadata } from 'next';
import { ProductPicture } from '@/components/product/ProductPicture';
import { notFound } from 'next/navigation';
import { OrderForm } from '@/components/order/OrderForm';
import { QuoteRequestForm } from '@/components/quote/QuoteRequestForm';
import { DetailRows } from '@/components/ui/DetailRows';
import { requirePageUser } from '@/lib/accounts';
import { findProduct, priceListOf, quantityRuleOf } from '@/lib/catalogue';
import {
  contractOfPerson,
  contractOverridesOf,
  contractPricingOf,
  resolveUnitPrice,
} from '@/lib/pricing';
import { orderAgainPrefill } from '@/lib/orders';
import { formatMoney, toCents } from '@/lib/core/money';
import { parseId } from '@/lib/core/ids';

type Props = {
  params: Promise<{ productId: string }>;
  /** `?again={orderId}`: "Order again" from My Orders (lib/orders/order-again.ts). */
  searchParams: Promise<{ again?: string | string[] }>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const product = await findProduct((await params).productId);
  return product ? { title: product.name, description: product.description.slice(0, 160) } : {};
}

export default async function ProductPage({ params, searchParams }: Props) {
  const { productId } = await params;
  const { again } = await searchParams;
  const againId = parseId(again);
  const user = await requirePageUser(
    againId ? `/product/${productId}?again=${againId}` : `/product/${productId}`,
  );
  const product = await findProduct(productId);
  if (!product) notFound();
  // The signed-in buyer's own terms (this page is rendered per request, never shared): their
  // company's contract may change the quantity rule and the price.
  const contract = await contractOfPerson(user, [product._id]);
  const overrides = contractOverridesOf(contract, product._id);
  const pricing = contractPricingOf(contract, product._id);
  const rule = quantityRuleOf(product, overrides);
  const ownPrice = pricing
    ? resolveUnitPrice({ product: priceListOf(product), quantity: rule.minimum, contract: pricing })
    : null;
  const yourPriceCents = ownPrice?.priceSource.startsWith('contract:')
    ? ownPrice.unitPriceCents
    : null;
  const prefill = againId ? await orderAgainPrefill(user, againId, product, rule) : null;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <article aria-labelledby="product-name" className="grid gap-10 lg:grid-cols-2">
        <ProductPicture
          product={product}
          productId={product._id}
          preload
          fetchPriority="high"
          sizes="(min-width: 1024px) 40rem, 100vw"
          className="h-auto w-full rounded-xl border border-slate-200 bg-slate-100"
        />
        <div>
          <h1 id="product-name" className="text-3xl font-bold text-slate-900">
            {product.name}
          </h1>
          <p className="mt-4 text-slate-700">{product.description}</p>
          <dl className="mt-6 grid max-w-sm grid-cols-2 gap-y-2 text-sm">
            <DetailRows
              termClassName="text-slate-500"
              rows={[
                {
                  term: 'minimumOrderQuantity',
                  value: product.minimumOrderQuantity,
                  className: 'font-medium',
                  testId: 'product-moq',
                },
                {
                  term: 'availableQuantity',
                  value: product.availableQuantity,
                  className: 'font-medium',
                  testId: 'product-available',
                },
                yourPriceCents === null
                  ? {
                      term: 'Price',
                      value: formatMoney(toCents(product.price)),
                      className: 'text-lg font-semibold text-slate-900',
                      testId: 'product-price',
                    }
                  : {
                      term: 'Price',
                      value: (
                        <s>
                          <span className="sr-only">List price </span>
                          {formatMoney(toCents(product.price))}
                        </s>
                      ),
                      className: 'text-slate-600',
                      testId: 'product-price',
                    },
                ...(yourPriceCents === null
                  ? []
                  : [
                      {
                        term: 'Your price',
                        value: formatMoney(yourPriceCents),
                        className: 'text-lg font-semibold text-emerald-800',
                        testId: 'your-price',
                      },
                    ]),
                ...(rule.multiple > 1
                  ? [
                      {
                        term: 'Carton',
                        value: `${rule.multiple.toLocaleString('en-US')} units`,
                        className: 'font-medium',
                        testId: 'product-carton',
                      },
                    ]
                  : []),
              ]}
            />
          </dl>
          <OrderForm
            product={product}
            user={{ name: user.name, email: user.email }}
            terms={{ rule, contract: pricing }}
            prefill={prefill}
          />
          <QuoteRequestForm product={product} rule={rule} />
        </div>
      </article>
    </div>
  );
}
