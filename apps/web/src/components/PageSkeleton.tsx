import { Bone, PageBones } from './Skeleton';

/** Grey blocks in the shape of a page while it loads (no layout jump when it arrives). */
export function PageSkeleton({ label = 'Loading' }: { label?: string }) {
  return (
    <PageBones label={label} className="px-4 py-8 sm:px-6">
      <Bone className="h-8 w-48 rounded-md" />
      <Bone className="mt-6 h-40 rounded-lg" />
      <Bone className="mt-4 h-4 w-2/3" />
      <Bone className="mt-2 h-4 w-1/2" />
    </PageBones>
  );
}
