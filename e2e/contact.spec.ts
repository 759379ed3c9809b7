import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { withMailServerDown, withSmtpServer } from '../test/support/smtp';
import { SMTP_PORT } from './stand-ins/ports.mjs';

function contactValues() {
  const tag = randomBytes(4).toString('hex');
  return {
    name: `Lars Eriksen ${tag}`,
    email: `lars_${tag}@example.com`,
    address: 'Industrivej 12, 8000 Aarhus',
    message: `Can you quote 20,000 sealed bearings 6204-2RS? Reference ${tag}.`,
  };
}

async function fillContact(page: Page, values: ReturnType<typeof contactValues>) {
  const form = page.getByRole('form', { name: 'Contact Us' });
  await form.getByLabel('Name').fill(values.name);
  await form.getByLabel('Email').fill(values.email);
  await form.getByLabel('Address').fill(values.address);
  await form.getByLabel('Message').fill(values.message);
  await form.getByRole('button', { name: 'Submit' }).click();
  return form;
}

test('the contact form sends its four fields by mail, then the form is empty', async ({ page }) => {
  await withSmtpServer(SMTP_PORT, async (inbox) => {
    await page.goto('/contactus');
    const values = contactValues();
    const form = await fillContact(page, values);

    const mail = await inbox.waitFor((candidate) => !!candidate.text?.includes(values.message));
    expect(mail.text).toContain(values.name);
    expect(mail.text).toContain(values.email);
    expect(mail.text).toContain(values.address);
    expect(mail.replyTo?.value).toEqual([{ address: values.email, name: values.name }]);

    const dialog = page.getByRole('dialog', { name: 'Successfully' });
    await expect(dialog).toContainText('Thanks for the your email');
    await expect(dialog.getByRole('img', { name: 'Success' })).toBeVisible();
    await dialog.getByRole('button', { name: 'OK' }).click();
    for (const label of ['Name', 'Email', 'Address', 'Message']) {
      await expect(form.getByLabel(label)).toHaveValue('');
    }
  });
});

test('with the mail server down, the contact form shows an error and keeps the text', async ({
  page,
}) => {
  await withMailServerDown(SMTP_PORT, async () => {
    await page.goto('/');
    const values = contactValues();
    const form = await fillContact(page, values);
    const dialog = page.getByRole('dialog', { name: 'Error' });
    await expect(dialog).toContainText('Your message could not be sent right now.');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(form.getByLabel('Message')).toHaveValue(values.message);
  });
});
