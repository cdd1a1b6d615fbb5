/**
 * The profile API for component tests: a signed-in shopper, their profile and saved addresses held
 * in memory, so a change shows in the next read as it would on the server. Every handler answers
 * as the server does (`{ success, data }`, 201 on create, the list after a delete).
 */
import { http, HttpResponse } from 'msw';
import type { ProfileUser } from '../../../../../contract/auth.ts';
import type { SavedAddress } from '../../../../../contract/orders.ts';
import { setUser } from '../../../../stores/customer.ts';
import { api } from '../../../../testing/msw.ts';

export const SHOPPER: ProfileUser = {
  _id: 'usr_1',
  name: 'Ann Tremblay',
  email: 'ann@example.com',
  role: 'customer',
  guest: false,
  phone: null,
};

export const HOME: SavedAddress = {
  id: 'adr_1',
  name: 'Ann Tremblay',
  line1: '100 Queen St W',
  city: 'Toronto',
  province: 'ON',
  postalCode: 'M5H 2N2',
  country: 'CA',
  phone: '416-555-0123',
  isDefault: true,
};

export const COTTAGE: SavedAddress = {
  id: 'adr_2',
  name: 'Ann at the cottage',
  line1: '12 Lakeshore Rd',
  line2: 'Cabin 4',
  city: 'Huntsville',
  province: 'ON',
  postalCode: 'P1H 1A1',
  country: 'CA',
  phone: '705-555-0199',
  isDefault: false,
};

export function profileApi(initial: { addresses?: SavedAddress[] } = {}) {
  const state = {
    profile: { ...SHOPPER },
    addresses: (initial.addresses ?? []).map((address) => ({ ...address })),
  };
  setUser(state.profile);
  let nextId = 10;
  const makeDefault = (id: string) => {
    for (const address of state.addresses) address.isDefault = address.id === id;
  };
  const handlers = [
    http.get(api('/user/profile/me'), () =>
      HttpResponse.json({ success: true, data: state.profile }),
    ),
    http.get(api('/user/addresses'), () =>
      HttpResponse.json({ success: true, data: state.addresses }),
    ),
    http.post(api('/user/addresses'), async ({ request }) => {
      const { isDefault, ...body } = (await request.json()) as Omit<SavedAddress, 'id'>;
      const address = { ...body, id: `adr_${nextId++}`, isDefault: false };
      state.addresses.push(address);
      if (isDefault || state.addresses.length === 1) makeDefault(address.id);
      return HttpResponse.json({ success: true, data: address }, { status: 201 });
    }),
    http.patch(api('/user/addresses/:addressId'), async ({ request, params }) => {
      const address = state.addresses.find((item) => item.id === params.addressId);
      if (!address)
        return HttpResponse.json(
          { success: false, code: 'not_found', message: 'Not found' },
          { status: 404 },
        );
      const { isDefault, line2, ...body } = (await request.json()) as Partial<SavedAddress> & {
        line2?: string | null;
      };
      Object.assign(address, body);
      if (line2 !== undefined) address.line2 = line2 || undefined;
      if (isDefault) makeDefault(address.id);
      return HttpResponse.json({ success: true, data: address });
    }),
    http.delete(api('/user/addresses/:addressId'), ({ params }) => {
      state.addresses = state.addresses.filter((item) => item.id !== params.addressId);
      if (state.addresses.length && !state.addresses.some((item) => item.isDefault)) {
        state.addresses[0]!.isDefault = true;
      }
      return HttpResponse.json({ success: true, data: state.addresses });
    }),
    // The wishlist section below the fold: nothing kept.
    http.get(api('/user/wishlist'), () =>
      HttpResponse.json({ success: true, data: { items: [], max: 100 } }),
    ),
  ];
  return { state, handlers };
}

/** A refusal as the server words it: a message for the form, one per named field. */
export function refusal(status: number, message: string, fields: Record<string, string> = {}) {
  return HttpResponse.json(
    {
      success: false,
      message,
      errors: Object.entries(fields).map(([field, text]) => ({
        path: `body.${field}`,
        message: text,
      })),
    },
    { status },
  );
}

/** The JSON bodies the app sent to `method path` (path relative to /api/v1), in order. */
export async function sentBodies(
  requests: Request[],
  method: string,
  path: string | RegExp,
): Promise<unknown[]> {
  const matching = requests.filter((request) => {
    const { pathname } = new URL(request.url);
    const relative = pathname.replace('/api/v1', '');
    return (
      request.method === method &&
      (typeof path === 'string' ? relative === path : path.test(relative))
    );
  });
  return Promise.all(matching.map((request) => request.clone().json()));
}
