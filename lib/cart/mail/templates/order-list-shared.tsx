import {
  ActionButton,
  FactsTable,
  MailLayout,
  Paragraph,
  Rule,
  styles,
  Subheading,
} from '@/lib/core/mail/parts';
import { orderListWording } from '@/lib/core/b2b-wording/order-list';
import type { ListSharedMailData } from '../share-data';

const words = orderListWording.mail;

/** How many lines the mail lists at most; the order list shows them all. */
export const MAIL_LINES = 20;

/**
 * To a company member whose colleague sent them their order list: who sent it, how many lines,
 * that they are in their own order list now (added to what was there) and nothing is ordered,
 * the parts sent, and the link to the list. The sender's name is their own account's words: in
 * the body only (React escapes it), never in the subject or the preview line.
 */
export default function OrderListSharedMail({
  data,
  storeName,
  origin,
}: {
  data: ListSharedMailData;
  storeName: string;
  origin: string;
}) {
  const shown = data.lines.slice(0, MAIL_LINES);
  return (
    <MailLayout
      storeName={storeName}
      origin={origin}
      preview={words.preview({ store: storeName })}
      heading={words.heading}
    >
      <Paragraph>
        {words.intro({ from: data.fromName, sent: data.lines.length, store: storeName })}
      </Paragraph>
      <Paragraph>{words.next}</Paragraph>
      <ActionButton href={data.link}>{words.button}</ActionButton>
      <Subheading>{words.partsHeading}</Subheading>
      <FactsTable>
        <tbody>
          {shown.map((line, index) => (
            <tr key={index}>
              <td style={styles.label}>
                {line.name}
                {line.sku ? ` (${line.sku})` : ''}
              </td>
              <td style={styles.value}>{words.quantity({ quantity: line.quantity })}</td>
            </tr>
          ))}
        </tbody>
      </FactsTable>
      {data.lines.length > shown.length ? (
        <Paragraph>{words.more({ more: data.lines.length - shown.length })}</Paragraph>
      ) : null}
      <Rule />
      <Paragraph>{words.footer}</Paragraph>
    </MailLayout>
  );
}
