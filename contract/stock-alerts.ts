/**
 * Back-in-stock alerts: a shopper leaves an e-mail address for a sold-out variant and is mailed
 * once when it is back. The PWA validates its form with these schemas too.
 */
import { z } from 'zod';
import { emailField } from './auth.ts';

export const stockAlertBody = z.object({
  variantId: z
    .string({ error: 'Choose a flavor and size.' })
    .trim()
    .min(1, 'Choose a flavor and size.')
    .max(200, 'That variant does not exist.'),
  email: emailField,
});

/** The form's own fields: the variant comes from the product page's selection. */
export const stockAlertEmailForm = stockAlertBody.pick({ email: true });

export const StockAlertTokenParams = z.object({
  token: z.string().trim().min(1, 'That link is not valid.').max(200, 'That link is not valid.'),
});

export const stockAlertResponse = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type StockAlertResponse = z.infer<typeof stockAlertResponse>;

/**
 * The one answer to a request for an alert, whether or not the address already waits for that
 * variant: the answer never tells a stranger which addresses are on the list.
 */
export const STOCK_ALERT_SUBSCRIBED = "Thanks! We'll e-mail you once when it's back in stock.";
export const STOCK_ALERT_IN_STOCK = 'This flavor and size is in stock: you can order it now.';
export const STOCK_ALERT_UNSUBSCRIBED = "Done: we won't e-mail you about this item.";
export const STOCK_ALERT_LINK_USED =
  'This alert has already ended (it was sent, or stopped before).';
