/**
 * Adding to the cart from product pages and cards: the badge moves at once (optimistic) and a
 * toast names the product; the outbox sends the change, offline included, and a refusal is rolled
 * back with a toast saying why (cart-outbox.ts).
 */
import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../stores/toasts.ts';
import { createCartCommand, type CartLinePreview } from './cart-commands.ts';
import { enqueueCartCommand } from './cart-outbox.ts';

export interface AddToCartInput {
  productId: string;
  variantId: string;
  quantity: number;
  preview?: CartLinePreview;
}

export function useAddToCart() {
  return useMutation<void, Error, AddToCartInput>({
    // Done once the change is queued: the badge has moved, and the outbox sends it when it can.
    networkMode: 'always',
    mutationFn: async (input) =>
      void (await enqueueCartCommand(createCartCommand({ type: 'add', ...input }))),
    onSuccess: (_data, input) => {
      toast.success(
        input.preview?.name ? `${input.preview.name} added to your cart.` : 'Added to your cart.',
      );
    },
  });
}
