/**
 * Adding to the cart from product pages and cards: the badge moves at once (optimistic) and a
 * toast names the product; the outbox sends the change, offline included, and a refusal is rolled
 * back with a toast saying why (cart-outbox.ts).
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { LinguiContext } from '@lingui/react';
import { useMutation } from '@tanstack/react-query';
import { useContext } from 'react';
import { toast } from '../../../stores/toasts.ts';
import { createCartCommand, type CartLinePreview } from './cart-commands.ts';
import { enqueueCartCommand } from './cart-outbox.ts';

export interface AddToCartInput {
  productId: string;
  variantId: string;
  quantity: number;
  preview?: CartLinePreview;
}

/** The toast: in the page's language, or in English for a button drawn outside a translator. */
function addedText(name: string | undefined, i18n: I18n | undefined): string {
  if (!i18n) return name ? `${name} added to your cart.` : 'Added to your cart.';
  return i18n._(name ? msg`${name} added to your cart.` : msg`Added to your cart.`);
}

export function useAddToCart() {
  const i18n = useContext(LinguiContext)?.i18n;
  return useMutation<void, Error, AddToCartInput>({
    // Done once the change is queued: the badge has moved, and the outbox sends it when it can.
    networkMode: 'always',
    mutationFn: async (input) =>
      void (await enqueueCartCommand(createCartCommand({ type: 'add', ...input }))),
    onSuccess: (_data, input) => {
      toast.success(addedText(input.preview?.name, i18n));
    },
  });
}
