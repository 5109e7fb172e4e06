import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import type { CardCheckout } from '../api/self-registration-api.ts';

/**
 * The card provider's hosted form (spec: public-and-guest §4 step 2, §7 hidden fields): a real
 * POST form submitted at once; its visible button serves visitors without script or whose
 * browser stops the automatic submission.
 */
export function CardRedirect({ checkout }: { checkout: CardCheckout }) {
  const form = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);
  useEffect(() => {
    if (submitted.current) return;
    submitted.current = true;
    form.current?.submit();
  }, []);
  return (
    <form ref={form} method="post" action={checkout.form.action} className="card-redirect" aria-labelledby="card-redirect-title">
      <p id="card-redirect-title">Taking you to the card payment page...</p>
      {Object.entries(checkout.form.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit">Continue to payment</Button>
    </form>
  );
}
