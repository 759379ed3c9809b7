import 'server-only';
import { env } from '@/lib/env';

/** The store's name (STORE_NAME), shown in the navigation bar, page titles and mails. */
export const storeName = env.STORE_NAME;
