import { useDocumentTitle } from '../../../lib/use-document-title';
import { requestText } from '../api/requests-api';
import { RequestsPanel } from './RequestsPanel';
import { signedInOnly } from '../../../components/SignedInOnly';
import { PageColumn, PageTitle } from '../../../components/Page';
import { TabSection } from '../../../components/TabSection';

/** /requests: the message requests waiting for the signed-in person's answer. */
export const RequestsPage = signedInOnly(SignedInRequestsPage, requestText);

function SignedInRequestsPage() {
  useDocumentTitle(requestText.heading);
  return (
    <PageColumn width="3xl">
      <PageTitle>{requestText.heading}</PageTitle>
      <RequestsPanel headingLevel={2} />
    </PageColumn>
  );
}

/** /profile/requests: the same list inside the profile area, which checks the session. */
export function RequestsTab() {
  return (
    <TabSection id="profile-requests" title={requestText.heading} className="gap-4 py-6">
      <RequestsPanel />
    </TabSection>
  );
}
