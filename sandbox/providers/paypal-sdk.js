// The sandbox's stand-in of the PayPal JavaScript SDK (served at /__paypal/sdk/js?client-id=...), loaded by
// @paypal/paypal-js and @paypal/react-paypal-js when the client's sdkBaseUrl points here. It defines
// window[data-namespace || 'paypal'].Buttons({ createOrder, onApprove, onCancel, onError, onInit, onClick })
// with isEligible(), render(container), close() and updateProps(), and renders three plain buttons:
//   "PayPal"                    createOrder, the buyer approves at the stand-in, then onApprove({ orderID, payerID })
//   "Pay with a declined card"  the same, but the capture will be declined (INSTRUMENT_DECLINED)
//   "Cancel payment"            createOrder, then onCancel({ orderID }) as when the buyer closes PayPal's window
// A failing createOrder, approval or onApprove reaches onError, as with the real SDK. Never used in production.
(() => {
  const script =
    document.currentScript ||
    Array.from(document.querySelectorAll('script[src]')).find((element) => element.src.indexOf('/__paypal/sdk/js') !== -1);
  if (!script) throw new Error('PayPal SDK stand-in: cannot find its own script element');
  const source = new URL(script.src, window.location.href);
  const clientId = source.searchParams.get('client-id');
  if (!clientId) throw new Error("SDK Validation error: 'Expected client-id to be passed'");
  const approveUrl = (orderID) => `${source.origin}/__paypal/sdk/orders/${encodeURIComponent(orderID)}/approve`;
  const namespace = script.getAttribute('data-namespace') || 'paypal';

  function Buttons(options) {
    const props = options || {};
    let container = null;
    let enabled = true;
    let busy = false;
    const buttons = [];

    const update = () => {
      for (const button of buttons) button.disabled = !enabled || busy;
    };
    const actions = {
      enable: () => {
        enabled = true;
        update();
        return Promise.resolve();
      },
      disable: () => {
        enabled = false;
        update();
        return Promise.resolve();
      },
    };
    const orderActions = {
      create: () => Promise.reject(new Error('PayPal SDK stand-in: create the order on your server (createOrder)')),
      capture: () => Promise.reject(new Error('PayPal SDK stand-in: capture the order on your server')),
    };

    async function approve(orderID, funding) {
      const response = await fetch(approveUrl(orderID), {
        method: 'POST',
        body: new URLSearchParams({ 'client-id': clientId, funding }),
      });
      const answer = await response.json().catch(() => ({}));
      if (!response.ok) throw new Error(answer.message || `PayPal SDK stand-in: approval failed (${response.status})`);
      return answer;
    }

    async function pay(choice) {
      if (!enabled || busy) return;
      busy = true;
      update();
      try {
        if (typeof props.onClick === 'function') {
          let refused = false;
          const clickActions = {
            resolve: () => Promise.resolve(),
            reject: () => {
              refused = true;
              return Promise.resolve();
            },
          };
          const clicked = await props.onClick({ fundingSource: 'paypal' }, clickActions);
          if (clicked === false || refused) return;
        }
        if (typeof props.createOrder !== 'function') throw new Error('PayPal SDK stand-in: createOrder is required');
        const orderID = await props.createOrder({ paymentSource: 'paypal' }, { order: orderActions });
        if (typeof orderID !== 'string' || orderID === '') throw new Error('Expected an order id to be passed');
        if (choice === 'cancel') {
          if (typeof props.onCancel === 'function') await props.onCancel({ orderID });
          return;
        }
        const approved = await approve(orderID, choice);
        if (typeof props.onApprove === 'function') {
          await props.onApprove(
            { orderID, payerID: approved.payerID, paymentSource: 'paypal', facilitatorAccessToken: 'sandbox-stand-in' },
            { order: orderActions, restart: () => Promise.resolve() },
          );
        }
      } catch (error) {
        if (typeof props.onError === 'function') props.onError(error instanceof Error ? error : new Error(String(error)));
        else console.error(error);
      } finally {
        busy = false;
        update();
      }
    }

    function addButton(group, label, choice) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = label;
      button.setAttribute('data-paypal-stand-in', choice);
      button.addEventListener('click', () => {
        pay(choice);
      });
      buttons.push(button);
      group.appendChild(button);
    }

    if (typeof props.onInit === 'function') props.onInit({}, actions);

    return {
      isEligible: () => true,
      render(target) {
        const element = typeof target === 'string' ? document.querySelector(target) : target;
        if (!element) return Promise.reject(new Error(`PayPal SDK stand-in: no container ${String(target)}`));
        container = document.createElement('div');
        container.setAttribute('role', 'group');
        container.setAttribute('aria-label', 'PayPal checkout (sandbox stand-in)');
        addButton(container, 'PayPal', 'paypal');
        addButton(container, 'Pay with a declined card', 'declined-card');
        addButton(container, 'Cancel payment', 'cancel');
        update();
        element.appendChild(container);
        return Promise.resolve();
      },
      close() {
        if (container?.parentNode) container.parentNode.removeChild(container);
        container = null;
        buttons.length = 0;
        return Promise.resolve();
      },
      updateProps: () => Promise.resolve(),
    };
  }

  window[namespace] = {
    Buttons,
    FUNDING: { PAYPAL: 'paypal', CARD: 'card', CREDIT: 'credit', VENMO: 'venmo', PAYLATER: 'paylater' },
    version: '5.0.0-sandbox-stand-in',
  };
})();
