import 'server-only';
import { env } from '@/lib/env';

/** The store's name: the specification's {product}, shown in the navigation bar. */
export const storeName = env.STORE_NAME;
