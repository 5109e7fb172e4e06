// The public pages reached through links (contract tag `public`): self-registration with payment, the
// guest report viewer, the coach policy page and the mini-assessment. No session: each link's ids are its key.
import type { TagRoutes } from '../../plugins/app/openapi-routes.ts';
import { getGuestReport } from './guest-reports-service.ts';
import { type MiniDeps, miniTranslations, startMiniAssessment, submitSection1, submitSection2 } from './mini-service.ts';
import { acknowledgePolicy, getPolicyPage } from './policies-service.ts';
import { registrationFormProblem } from './registration-form.ts';
import {
  capturePayPalOrder,
  checkoutStatus,
  createCheckout,
  createPayPalOrder,
  invalidLink,
  selfRegistration,
} from './self-pay-service.ts';

export const publicRoutes: TagRoutes = (app, config) => {
  const mini: MiniDeps = { settings: { accessKey: config.miniAccessKey }, translations: null, now: Date.now };
  const { selfPay } = app;
  return {
    // A malformed coach segment is an invalid link, not validation_failed (spec public-and-guest §2).
    getSelfRegistration: { invalid: { rules: [{ when: () => true, answer: invalidLink }] }, handler: selfRegistration },
    // The form's own messages (missing details, then the e-mail) come before validation_failed (spec §8).
    createCheckout: {
      invalid: { form: registrationFormProblem, rules: [{ when: (failure) => failure.in === 'params', answer: invalidLink }] },
      idempotentCreate: true,
      handler: (input, ctx) => createCheckout(input, ctx, selfPay),
    },
    getCheckout: (input, ctx) => checkoutStatus(input, ctx, selfPay),
    createPayPalOrder: (input, ctx) => createPayPalOrder(input, ctx, selfPay),
    capturePayPalOrder: (input, ctx) => capturePayPalOrder(input, ctx, selfPay),
    getGuestReport,
    getPolicyPage,
    acknowledgePolicy: { idempotentCreate: true, handler: acknowledgePolicy },
    getMiniTranslations: (input, ctx) => miniTranslations(input, ctx, mini),
    startMiniAssessment: { invalid: { form: registrationFormProblem }, handler: (input, ctx) => startMiniAssessment(input, ctx, mini) },
    submitMiniSection1: (input, ctx) => submitSection1(input, ctx, mini),
    submitMiniSection2: (input, ctx) => submitSection2(input, ctx, mini),
  };
};
