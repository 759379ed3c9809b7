import type { InvitationView } from '@/lib/companies';
import { invitationsWording as words } from '@/lib/core/b2b-wording/invitations';

/**
 * The invitation's box on the sign-in (`signIn`) and sign-up (`signUp`) pages, under their
 * heading: what joining means and what to do next.
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
      <div className="mt-4 rounded-lg border border-red-200 bg-red-50 p-4 text-sm">
        <p className="font-medium text-red-800">{invitation.refusal}</p>
        <p className="mt-1 text-slate-800">{words.nextSteps.not_found!.text}</p>
      </div>
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
