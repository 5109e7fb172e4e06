import './email-address.css';

export interface EmailAddressProps {
  address: string;
  className?: string;
}

/**
 * An e-mail address laid out whole: a line may break only before its '@', never inside the local part or the
 * domain; a part wider than its box is cut with an ellipsis, the whole address in the title (hover) and in the
 * text (copied, read by a screen reader).
 */
export function EmailAddress({ address, className }: EmailAddressProps) {
  const at = address.lastIndexOf('@');
  return (
    <span className={className ? `email-address ${className}` : 'email-address'} title={address}>
      {at > 0 ? (
        <>
          <span className="email-address__part">{address.slice(0, at)}</span>
          <wbr />
          <span className="email-address__part">{address.slice(at)}</span>
        </>
      ) : (
        <span className="email-address__part">{address}</span>
      )}
    </span>
  );
}
