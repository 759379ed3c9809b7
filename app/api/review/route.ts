import { NextResponse } from 'next/server';
import { route } from '@/lib/api/handler';
import { listReviews } from '@/lib/data/reviews';

export const dynamic = 'force-dynamic';

/** GET /api/review: every review. */
export const GET = route(async () => NextResponse.json(await listReviews()));
