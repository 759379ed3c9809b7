import { NextResponse } from 'next/server';
import { route } from '@/lib/api/handler';
import { listProducts } from '@/lib/data/products';

export const dynamic = 'force-dynamic';

/** GET /api/product: every product. */
export const GET = route(async () => NextResponse.json(await listProducts()));
