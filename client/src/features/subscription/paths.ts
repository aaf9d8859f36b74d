/** Where a confirmed payment returns to (Stripe's return_url and the demo form). */
export const SUCCESS_PATH = "/subscription-success";
