'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';

/** Toasts: top-right, light theme, closing by themselves after 5000 ms (spec 9). */
export const TOAST_DURATION_MS = 5000;

type Kind = 'success' | 'error' | 'info';
/** A link a toast offers after its text ("View order list"). */
interface ToastLink {
  href: string;
  label: string;
}
interface ToastItem {
  id: number;
  kind: Kind;
  text: string;
  link?: ToastLink;
}

type Listener = (items: ToastItem[]) => void;
let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function publish() {
  for (const listener of listeners) listener(items);
}

function dismiss(id: number) {
  items = items.filter((item) => item.id !== id);
  publish();
}

function push(kind: Kind, text: string, link?: ToastLink) {
  const id = nextId++;
  items = [...items, { id, kind, text, ...(link ? { link } : {}) }];
  publish();
  setTimeout(() => dismiss(id), TOAST_DURATION_MS);
}

export const toast = {
  success: (text: string, link?: ToastLink) => push('success', text, link),
  error: (text: string, link?: ToastLink) => push('error', text, link),
  info: (text: string, link?: ToastLink) => push('info', text, link),
};

const accents: Record<Kind, string> = {
  success: 'border-l-green-500',
  error: 'border-l-red-500',
  info: 'border-l-blue-500',
};

/** Rendered once, in the root layout. */
export function Toaster() {
  const [shown, setShown] = useState<ToastItem[]>(items);
  useEffect(() => {
    listeners.add(setShown);
    return () => {
      listeners.delete(setShown);
    };
  }, []);

  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed top-4 right-4 z-[60] flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2"
    >
      {shown.map((item) => (
        <div
          key={item.id}
          role={item.kind === 'error' ? 'alert' : 'status'}
          className={`pointer-events-auto flex items-start gap-3 rounded-md border border-l-4 border-slate-200 bg-white p-4 text-sm text-slate-800 shadow-lg ${accents[item.kind]}`}
        >
          <p className="flex-1">
            {item.text}
            {item.link ? (
              <Link
                href={item.link.href}
                className="mt-1 block font-medium text-brand-700 underline underline-offset-2"
                onClick={() => dismiss(item.id)}
              >
                {item.link.label}
              </Link>
            ) : null}
          </p>
          <button
            type="button"
            onClick={() => dismiss(item.id)}
            className="text-slate-400 hover:text-slate-700"
            aria-label="Dismiss notification"
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
