// The company of `npm run bench`'s company pages, made the way the store makes it (the functions
// the company and admin endpoints call, the orders store's `placeOrder` that checkout calls, and
// the invoice job): a company owned by `--owner` with `--member` as a buyer whose orders above $100
// need an approval, on net 30 terms (invoiced at ordering) with a credit limit, buying at a price
// list of its own (5% off, with contract prices for three parts made for it), five orders of the
// owner's on account whose invoices are issued (by the invoice job; locally without Stripe), and
// one order of the member's waiting for approval (the orders' own mails are not queued; the
// invoices' are). The three accounts must exist (scripts/lib/bench-orders-data.ts makes them;
// `--admin` an admin) and the first two belong to no company. Works beside the generated data of
// `npm run seed -- --orders N --companies N`.
// Prints `{ companyId, priceListId, invoiceId, approvalOrderId, invoicedOrderId }` as JSON on
// stdout. Run with the bench server's environment:
//   node <tsx cli> --conditions=react-server scripts/lib/bench-company-data.ts \
//     --owner <email> --member <email> --admin <email>
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadProjectEnv } from './project-env.mjs';

/** The invoices issued for the owner's orders on account. */
const INVOICES = 5;
/** The member's approval limit, in cents: their order is above it. */
const APPROVAL_LIMIT_CENTS = 10_000;

/**
 * Started with `--conditions=react-server` (as npm run bench starts its data scripts), React is
 * its server build, on which the features this needs cannot load (Auth.js's helpers, which
 * lib/accounts loads, need React's ordinary build). The script then runs itself again as
 * `npm run worker` runs the store's code: React's ordinary build, and `server-only` resolved to
 * an empty module (scripts/lib/server-modules-hook.cjs). Its stdout carries the store's log lines
 * too (the invoice mails written): only the answer goes on to this process's stdout, the rest
 * to stderr. Answers the exit code.
 */
function runWithOrdinaryReact(): Promise<number> {
  const script = process.argv[1]!;
  const tsxCli = createRequire(script).resolve('tsx/cli');
  const hook = path.join(path.dirname(script), 'server-modules-hook.cjs');
  const child = spawn(
    process.execPath,
    [tsxCli, '--require', hook, script, ...process.argv.slice(2)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return new Promise((resolve) =>
    child.on('close', (code) => {
      for (const line of output.split('\n').filter(Boolean)) {
        if (line.startsWith(ANSWER)) process.stdout.write(`${line.slice(ANSWER.length)}\n`);
        else process.stderr.write(`${line}\n`);
      }
      resolve(code ?? 1);
    }),
  );
}

/** What starts the answer's line on the stdout of the run with React's ordinary build. */
const ANSWER = 'bench-company-data: ';

async function main() {
  if (process.execArgv.includes('--conditions=react-server')) {
    process.exit(await runWithOrdinaryReact());
  }
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      owner: { type: 'string' },
      member: { type: 'string' },
      admin: { type: 'string' },
    },
  });
  if (!values.owner || !values.member || !values.admin) {
    throw new Error(
      'Usage: bench-company-data.ts --owner <email> --member <email> --admin <email>',
    );
  }
  loadProjectEnv();
  // Imported after the environment is complete: lib/core/env reads it once, on import.
  const { closeConnection } = await import('@/lib/core/db');
  const { settleBackgroundWork } = await import('@/lib/core/background');
  const { parseId } = await import('@/lib/core/ids');
  const { findUserByEmail } = await import('@/lib/accounts/store/users');
  const { createProduct } = await import('@/lib/catalogue/store');
  const { productSchema } = await import('@/lib/catalogue/validation/product');
  const companies = await import('@/lib/companies');
  const companySchemas = await import('@/lib/companies/schemas');
  const { setCompanyTerms } = await import('@/lib/terms');
  const { termsSchema } = await import('@/lib/terms/schemas');
  const pricing = await import('@/lib/pricing');
  const pricingSchemas = await import('@/lib/pricing/schemas');
  const { findOrder, placeOrder } = await import('@/lib/orders/store');
  const { env } = await import('@/lib/core/env');
  const { invoiceReader, listInvoices, runInvoiceJob } = await import('@/lib/billing');

  const account = async (email: string) => {
    const user = await findUserByEmail(email);
    if (!user) throw new Error(`No account has the email ${email}.`);
    return user;
  };
  const [owner, member, admin] = await Promise.all([
    account(values.owner),
    account(values.member),
    account(values.admin),
  ]);
  if (admin.role !== 'admin') throw new Error(`${admin.email} is not an admin.`);
  const run = randomBytes(3).toString('hex').toUpperCase();

  // Three parts of its own, with stock for any number of runs.
  const products: Array<{ _id: string }> = [];
  for (const [index, name] of [
    'Flange Bolt M10 x 40',
    'Hex Nut M10',
    'Flat Washer M10',
  ].entries()) {
    const created = await createProduct(
      productSchema.parse({
        name: `Bench ${name} ${run}`,
        sku: `BC-${run}-${index + 1}`,
        category: 'fasteners',
        description: 'Zinc-plated steel fasteners, for the company benchmark.',
        minimumOrderQuantity: 500,
        availableQuantity: 1_000_000_000,
        price: 0.2 + index * 0.05,
        picture: '/images/products/hex-flange-bolt.webp',
      }),
    );
    if (!created.ok) throw new Error(`bench product: ${created.reason}`);
    products.push(created.product);
  }

  // The company, as its owner creates it, with a shipping address and the member an admin adds.
  const company = await companies.createCompanyFor(
    owner,
    companySchemas.createCompanySchema.parse({
      name: `Bench Works ${run} Ltd`,
      taxId: 'GB123456789',
      billingAddress: '12 Mill Road\nSheffield S1 2AB',
    }),
  );
  const companyId = parseId(company._id)!;
  await companies.addShippingAddress(
    owner,
    companySchemas.shippingAddressSchema.parse({
      label: 'Main works',
      address: '12 Mill Road, Sheffield S1 2AB',
      phone: '01142345678',
      default: true,
    }),
  );
  await companies.adminAddCompanyMember(
    companyId,
    companySchemas.adminAddMemberSchema.parse({
      email: member.email,
      role: 'buyer',
      approvalLimitCents: APPROVAL_LIMIT_CENTS,
    }),
  );

  // Net 30 on account, invoiced at ordering, as a store admin sets it.
  const terms = await setCompanyTerms(
    admin,
    companyId,
    termsSchema.parse({
      mode: 'net',
      netDays: 30,
      creditLimitCents: 10_000_000_000,
      invoiceOn: 'order',
    }),
  );

  // Its price list: 5% off, and contract prices for its three parts.
  const list = await pricing.createPriceList(
    admin,
    pricingSchemas.createPriceListSchema.parse({ name: `Bench contract ${run}`, percentOff: 5 }),
  );
  const priceListId = parseId(list._id)!;
  for (const [index, product] of products.entries()) {
    await pricing.setEntry(
      priceListId,
      parseId(product._id)!,
      pricingSchemas.entrySchema.parse({ unitPrice: 0.15 + index * 0.05 }),
    );
  }
  await pricing.assignPriceList(
    admin,
    companyId,
    pricingSchemas.assignPriceListSchema.parse({ priceListId: list._id }),
  );

  // Orders on account, placed as checkout places them (lib/orders `placeOrder`: the stock of
  // every line, the company's contract prices, the credit held, the placer's approval limit),
  // without their mails.
  const contract = await pricing.contractFor(
    companyId,
    products.map((product) => product._id),
  );
  const hours = (count: number) => count * 60 * 60 * 1000;
  const place = async (
    buyer: typeof owner,
    limitCents: number | null,
    poNumber: string,
    quantity: (line: number) => number,
  ) => {
    const placed = await placeOrder({
      lines: products.map((product, line) => ({
        productId: product._id,
        quantity: quantity(line),
      })),
      address: '12 Mill Road, Sheffield S1 2AB',
      phone: '01142345678',
      poNumber,
      user: { id: buyer.id, name: buyer.name, email: buyer.email },
      maxUnpaid: env.MAX_UNPAID_ORDERS,
      holdMs: hours(env.UNPAID_ORDER_TTL_HOURS),
      company: {
        companyId: company._id,
        limitCents,
        approval: { holdMs: hours(env.APPROVAL_HOLD_HOURS), outbox: [], allowed: true },
      },
      account: { netDays: terms.netDays!, invoiceOn: terms.invoiceOn, outbox: [] },
      contract,
    });
    if (!placed.ok) throw new Error(`an order of ${buyer.email} was refused: ${placed.reason}`);
    return placed;
  };

  // The owner's (no approval limit): confirmed, their invoices drawn at once and issued by the job.
  const accountOrders: string[] = [];
  for (let index = 0; index < INVOICES; index += 1) {
    const placed = await place(
      owner,
      null,
      `PO-BENCH-${run}-${index + 1}`,
      (line) => 500 * (1 + ((index + line) % 3)),
    );
    accountOrders.push(placed.insertedId);
  }
  const reader = await invoiceReader(owner);
  // The server's own job runner may issue some of them meanwhile: each is issued once.
  let issued: Awaited<ReturnType<typeof listInvoices>>['items'] = [];
  for (let attempt = 0; attempt < 50; attempt += 1) {
    await runInvoiceJob();
    issued = (await listInvoices(reader, {})).items.filter((invoice) => invoice.status === 'open');
    if (issued.length >= INVOICES) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (issued.length < INVOICES) {
    throw new Error(`only ${issued.length} of ${INVOICES} invoices were issued`);
  }
  const invoice = issued.find((item) => item.orderId === accountOrders[0]) ?? issued[0]!;

  // The member's order above their limit: it waits for the owner's approval.
  const approvalOrderId = (
    await place(member, APPROVAL_LIMIT_CENTS, `PO-BENCH-${run}-APPROVAL`, () => 5_000)
  ).insertedId;
  const waiting = await findOrder(approvalOrderId);
  if (waiting?.status !== 'awaiting_approval') {
    throw new Error(`the member's order is ${waiting?.status ?? 'missing'}, not awaiting approval`);
  }

  await settleBackgroundWork();
  await closeConnection();
  process.stdout.write(
    `${ANSWER}${JSON.stringify({
      companyId: company._id,
      priceListId: list._id,
      invoiceId: invoice._id,
      approvalOrderId,
      invoicedOrderId: invoice.orderId,
    })}\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
