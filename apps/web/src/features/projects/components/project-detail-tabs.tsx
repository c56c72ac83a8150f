import { Tabs } from '@mantine/core';
import type { ProjectResponse } from '@plinth/domain/projects';
import { useState } from 'react';
import { FeasibilityTab } from '../../../components/feasibility/feasibility-tab';
import { useMe } from '../../../lib/get-me';
import { useProjectDocuments } from '../api/get-project-documents';
import { ProjectDocumentsTab } from './project-documents-tab';
import { ProjectFinancialsTab } from './project-financials-tab';
import { ProjectOverviewTab } from './project-overview-tab';
import { ProjectTimelineTab } from './project-timeline-tab';

const tabValues = ['overview', 'financials', 'feasibility', 'documents', 'timeline'] as const;
type TabValue = (typeof tabValues)[number];

interface ProjectDetailTabsProps {
  project: ProjectResponse;
  canManageDocuments: boolean;
}

/**
 * Spec 000 section 2 (Project detail): Overview, Financials, Feasibility (issue 21), Documents (with
 * count), Timeline & Milestones. The route shows these only to those who see the whole file (the
 * developer, admins, a funder granted access); a funder with the preview gets 'Access Required'.
 */
export function ProjectDetailTabs({ project, canManageDocuments }: ProjectDetailTabsProps) {
  const [tab, setTab] = useState<TabValue>('overview');
  const documents = useProjectDocuments(project.id);
  const { data: me } = useMe();
  // A failed document fetch shows an empty list, silently (spec 000 section 8).
  const documentCount = documents.data?.documents.length ?? (documents.isError ? 0 : project.document_count);

  return (
    <Tabs
      value={tab}
      onChange={(value) => {
        const next = tabValues.find((t) => t === value);
        if (next) setTab(next);
      }}
      keepMounted={false}
    >
      <Tabs.List aria-label="Project sections">
        <Tabs.Tab value="overview">Overview</Tabs.Tab>
        <Tabs.Tab value="financials">Financials</Tabs.Tab>
        <Tabs.Tab value="feasibility">Feasibility</Tabs.Tab>
        <Tabs.Tab value="documents">Documents ({documentCount})</Tabs.Tab>
        <Tabs.Tab value="timeline">Timeline &amp; Milestones</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="overview" pt="lg">
        <ProjectOverviewTab project={project} />
      </Tabs.Panel>
      <Tabs.Panel value="financials" pt="lg">
        <ProjectFinancialsTab project={project} />
      </Tabs.Panel>
      <Tabs.Panel value="feasibility" pt="lg">
        <FeasibilityTab project={project} />
      </Tabs.Panel>
      <Tabs.Panel value="documents" pt="lg">
        <ProjectDocumentsTab
          projectId={project.id}
          documents={documents.data}
          isLoading={documents.isPending && !documents.isError}
          canManage={canManageDocuments}
          isOwner={me?.id === project.borrower_id}
        />
      </Tabs.Panel>
      <Tabs.Panel value="timeline" pt="lg">
        <ProjectTimelineTab project={project} />
      </Tabs.Panel>
    </Tabs>
  );
}
