/**
 * The 'delete product message' modal (spec §2; §4: "a guest with removed products sees a message
 * modal"): the products the server took out of a guest's cart, from `get_customer_delete_products`.
 * The spec gives no texts; these are ours.
 */
export const deletedProductMessages = {
  title: 'Removed from your cart',
  intro: 'We took these products out of your cart:',
  reasons: {
    reservation_expired: 'its 30-minute hold ended',
    unavailable: 'it is no longer available',
  },
  acknowledge: 'OK, got it',
} as const;
