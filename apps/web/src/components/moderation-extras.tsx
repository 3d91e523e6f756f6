import type { ReportTargetKind } from '@kinora/contract';
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

/** What a report is about, as the screen that shows the thing knows it. */
export interface ReportTarget {
  targetKind: ReportTargetKind;
  targetId: string;
  /** Whose it is: nobody is offered to report their own thing. */
  ownerId: string;
  /** How the menu names it: "video", "comment by @bob", "@bob's account". */
  label: string;
}

/**
 * What the moderation feature adds to screens other features own (decision 0038): the report
 * menu beside a video, comment, tweet or channel, and Approve/Reject under a held comment or
 * tweet. Those screens may not import the feature, so the app hands these in here (loaded on
 * demand); without a provider (a feature's own tests) neither shows.
 */
export interface ModerationExtras {
  ReportAction?: ComponentType<{ target: ReportTarget }>;
  HeldReview?: ComponentType<{ targetKind: 'comment' | 'tweet'; targetId: string }>;
}

const ModerationExtrasContext = createContext<ModerationExtras>({});

export function ModerationExtrasProvider({
  extras,
  children,
}: {
  extras: ModerationExtras;
  children: ReactNode;
}) {
  return <ModerationExtrasContext value={extras}>{children}</ModerationExtrasContext>;
}

/** The report menu for this thing, when the app provides one. */
export function ReportAction({ target }: { target: ReportTarget }) {
  const { ReportAction: Action } = useContext(ModerationExtrasContext);
  return Action ? <Action target={target} /> : null;
}

/** Approve and Reject for a held comment or tweet, when the app provides them. */
export function HeldReview(props: { targetKind: 'comment' | 'tweet'; targetId: string }) {
  const { HeldReview: Review } = useContext(ModerationExtrasContext);
  return Review ? <Review {...props} /> : null;
}
