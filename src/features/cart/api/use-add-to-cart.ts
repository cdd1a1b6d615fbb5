/**
 * Exports: useAddToCart() — a mutation for product pages and cards:
 * `addToCart.mutate({ productId, variantId, quantity, preview: { name, image, unitPrice, ... } })`.
 * The badge moves at once (optimistic); a success toast names the product; a refusal is rolled
 * back with a toast saying why (cart-commands.ts).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../stores/toasts.ts';
import { createCartCommand, executeCartCommand, type CartLinePreview } from './cart-commands.ts';
import type { CartResponse } from './get-cart.ts';

export interface AddToCartInput {
  productId: string;
  variantId: string;
  quantity: number;
  preview?: CartLinePreview;
}

export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation<CartResponse, Error, AddToCartInput>({
    mutationFn: (input) =>
      executeCartCommand(queryClient, createCartCommand({ type: 'add', ...input })),
    onSuccess: (_data, input) => {
      toast.success(
        input.preview?.name ? `${input.preview.name} added to your cart.` : 'Added to your cart.',
      );
    },
  });
}
