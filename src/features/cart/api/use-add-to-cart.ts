/**
 * Exports: useAddToCart() — a mutation for product pages and cards:
 * `addToCart.mutate({ productId, variantId, quantity, preview: { name, image, unitPrice, ... } })`.
 * The badge moves at once (optimistic); a success toast names the product once the server has
 * the line; offline the change waits in the outbox; a refusal is rolled back with a toast saying
 * why (cart-outbox.ts).
 */
import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../stores/toasts.ts';
import { createCartCommand, type CartLinePreview } from './cart-commands.ts';
import { enqueueCartCommand } from './cart-outbox.ts';
import type { CartResponse } from './get-cart.ts';

export interface AddToCartInput {
  productId: string;
  variantId: string;
  quantity: number;
  preview?: CartLinePreview;
}

export function useAddToCart() {
  return useMutation<CartResponse, Error, AddToCartInput>({
    networkMode: 'always',
    mutationFn: (input) => enqueueCartCommand(createCartCommand({ type: 'add', ...input })),
    onSuccess: (_data, input) => {
      toast.success(
        input.preview?.name ? `${input.preview.name} added to your cart.` : 'Added to your cart.',
      );
    },
  });
}
