import type { InvitationView } from '@/lib/companies';
import { invitationsWording as words } from '@/lib/core/b2b-wording/invitations';

/**
 * The invitation's box on the sign-in (`signIn`) and sign-up (`signUp`) pages, under their
 * heading: what joining means and what to do next; for a link that can no longer be used, the
 * accept's refusal words alone (they say what to do).
 */
export function InvitationNotice({
  invitation,
  on,
}: {
  invitation: InvitationView;
  on: 'signIn' | 'signUp';
}) {
  if ('refusal' in invitation) {
    return (
      <p className="mt-4 rounded-lg border border-red-200 bg-red-50 p-4 text-sm font-medium text-red-800">
        {invitation.refusal}
      </p>
    );
  }
  return (
    <section
      aria-labelledby="invitation-title"
      className="mt-4 rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm text-slate-800"
    >
      <h2 id="invitation-title" className="text-base font-semibold text-slate-900">
        {words.joinTitle(invitation)}
      </h2>
      <p className="mt-1">{words.roleDoes[invitation.role]}</p>
      <p className="mt-2">{on === 'signIn' ? words.signInFirst : words.signUpFirst}</p>
    </section>
  );
}
