import { Link as AriaLink, type LinkProps } from 'react-aria-components';

/** An in-app or external link; in-app hrefs go through the router (see app/providers.tsx). */
export function Link({ className, ...props }: LinkProps) {
  return <AriaLink {...props} className={['link', className].filter(Boolean).join(' ')} />;
}
