// Loaded only for a PayPal checkout (a dynamic import): the register route's initial JavaScript
// stays within its budget (the public-route budget).
import { PayPalButtons, PayPalScriptProvider, type ReactPayPalScriptOptions, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import { useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { problemMessage } from '../../../lib/problem.ts';
import { type PayPalCheckout, useCapturePayPalOrder, useCreatePayPalOrder } from '../api/self-registration-api.ts';
import { MESSAGES } from './registration-rules.ts';

export interface PayPalPaymentProps {
  checkout: PayPalCheckout;
  /** The capture succeeded: the status page shows the outcome. */
  onCaptured: (checkoutId: string) => void;
}

// PayPal's buttons in the portal's shape: stacked, square-cornered like its buttons, labelled 'Pay'.
const BUTTON_STYLE = { layout: 'vertical', shape: 'rect', label: 'pay' } as const;

const camelCase = (name: string) => name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

/**
 * The loader's options from the BFF's `sdkUrl` (the SDK address is configured in the BFF, so tests
 * and the offline demo load the sandbox's stand-in): its origin and path become `sdkBaseUrl`, its
 * query parameters (client id, currency, disable-funding) the loader's options.
 */
export function scriptOptions(checkout: PayPalCheckout): ReactPayPalScriptOptions {
  const url = new URL(checkout.sdkUrl);
  const options: Record<string, string> = {};
  for (const [name, value] of url.searchParams) options[camelCase(name)] = value;
  return { ...options, clientId: options.clientId ?? checkout.clientId, sdkBaseUrl: `${url.origin}${url.pathname}` };
}

export function PayPalPayment({ checkout, onCaptured }: PayPalPaymentProps) {
  return (
    <PayPalScriptProvider options={scriptOptions(checkout)}>
      <PayPalButtonsArea checkout={checkout} onCaptured={onCaptured} />
    </PayPalScriptProvider>
  );
}

function PayPalButtonsArea({ checkout, onCaptured }: PayPalPaymentProps) {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  const [message, setMessage] = useState<string | null>(null);
  // The server's own text for a failed order or capture (spec §8: "the server's error or its description is displayed").
  const serverMessage = useRef<string | null>(null);
  const createOrder = useCreatePayPalOrder();
  const capture = useCapturePayPalOrder();
  const path = { checkoutId: checkout.checkoutId };

  if (isRejected) return <Alert tone="error">{MESSAGES.failed}</Alert>;
  return (
    <div className="paypal-payment">
      {isPending ? <Loading label="Loading PayPal..." /> : null}
      {message ? <Alert tone={message === MESSAGES.cancelled ? 'info' : 'error'}>{message}</Alert> : null}
      <PayPalButtons
        style={BUTTON_STYLE}
        createOrder={async () => {
          setMessage(null);
          serverMessage.current = null;
          try {
            return (await createOrder.mutateAsync({ params: { path } })).orderId;
          } catch (failure) {
            serverMessage.current = problemMessage(failure);
            throw new Error(serverMessage.current);
          }
        }}
        onApprove={async ({ orderID }) => {
          try {
            await capture.mutateAsync({ params: { path }, body: { orderId: orderID } });
            onCaptured(checkout.checkoutId);
          } catch (failure) {
            setMessage(problemMessage(failure));
          }
        }}
        onCancel={() => setMessage(MESSAGES.cancelled)}
        onError={() => setMessage(serverMessage.current ?? MESSAGES.failed)}
      />
    </div>
  );
}
