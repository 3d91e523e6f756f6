import type { CurrentUser } from '@kinora/contract';
import { Link } from 'react-router';
import { Avatar } from '../../../components/Avatar';
import { buttonClass } from '../../../components/Button';
import { UserIcon } from '../../../components/icons';
import { LoadError } from '../../../components/LoadError';
import { useAddressTabs } from '../../../lib/use-address-tabs';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { dashboardText } from '../api/dashboard-api';
import { useDashboardData } from '../hooks/use-dashboard-data';
import { AnalyticsPanel } from './AnalyticsPanel';
import { ContentPanel } from './ContentPanel';
import { dashboardTabs, DashboardTabs } from './DashboardTabs';
import { OverviewPanel } from './OverviewPanel';
import { signedInOnly } from '../../../components/SignedInOnly';
import { UploadLink } from '../../../components/UploadLink';

/**
 * The creator's dashboard (/dashboard, core §2.12): a greeting, shortcuts, and three tabs. The
 * open tab is kept in the address (?tab=content) so reloading or sharing keeps it.
 */
export const DashboardPage = signedInOnly(Dashboard, dashboardText);

function Dashboard({ user }: { user: CurrentUser }) {
  useDocumentTitle('Dashboard');
  const tabs = useAddressTabs(dashboardTabs);
  const data = useDashboardData(user._id);

  return (
    <div className="mx-auto flex w-full max-w-content flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 items-center gap-4">
          <Avatar src={user.avatar} name={user.username} size="lg" />
          <div className="min-w-0">
            <p className="text-sm font-medium text-fg-muted">Channel dashboard</p>
            <h1 className="text-2xl font-bold tracking-tight break-words text-fg sm:text-3xl">
              Welcome back, {user.fullname}!
            </h1>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <UploadLink>Upload Video</UploadLink>
          <Link to="/profile/videos" className={buttonClass({ variant: 'secondary' })}>
            <UserIcon size={18} />
            View Channel
          </Link>
        </div>
      </header>

      {data.isError ? (
        <LoadError
          title={dashboardText.loadFailed}
          onRetry={data.retry}
          isRetrying={data.isRetrying}
        />
      ) : (
        <div className="flex flex-col gap-6">
          <DashboardTabs tabs={tabs} />
          {dashboardTabs.map((id) => (
            // Every panel stays in the page (hidden unless chosen) so each tab controls one.
            <div
              key={id}
              {...tabs.panelProps(id)}
              hidden={id !== tabs.active}
              tabIndex={0}
              className="rounded-md"
            >
              {id === 'overview' ? (
                <OverviewPanel stats={data.stats.data} videos={data.videos.data} />
              ) : id === 'analytics' ? (
                <AnalyticsPanel />
              ) : (
                <ContentPanel videos={data.videos.data} />
              )}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
