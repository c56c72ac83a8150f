import { Stack, Title } from '@mantine/core';
import { descriptionRowsOf } from '@plinth/domain/system-settings';
import { LoadFailedAlert, LoadingBlock } from '../../../components/load-states';
import { type SystemSetting, useSystemSettings } from '../api/system-settings';
import { labelOfSetting } from '../utils/setting-labels';
import { DescriptionsEditor } from './descriptions-editor';
import { DocumentListEditor } from './document-list-editor';
import { ScalarSetting } from './scalar-setting';
import { UndertakingEditor } from './undertaking-editor';

/**
 * The Settings tab (spec 001 section 2.3): every system setting with its own Save, each a labelled
 * control of its kind (issue 37 item 5): prices as money, the listings floor as a number, the
 * required documents as a list and their descriptions as a form per document. Nothing shows the
 * stored keys or the format the server keeps them in.
 */
export function SettingsTab() {
  const { data, isLoading, isError } = useSystemSettings();
  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        Settings
      </Title>
      {isLoading ? (
        <LoadingBlock compact label="Loading settings" />
      ) : isError || !data ? (
        <LoadFailedAlert title="Load Failed">Failed to fetch admin data</LoadFailedAlert>
      ) : (
        data.items.map((setting) => <SettingEditor key={setting.key} setting={setting} all={data.items} />)
      )}
      <UndertakingEditor />
    </Stack>
  );
}

function SettingEditor({ setting, all }: { setting: SystemSetting; all: SystemSetting[] }) {
  const label = labelOfSetting(setting.key, setting.description);
  switch (label.kind) {
    case 'document-descriptions':
      return <DescriptionsEditor setting={setting} label={label} />;
    case 'document-list': {
      const described = all.find((s) => s.key === 'required_document_descriptions');
      const knownTypes = described ? descriptionRowsOf(described.value).map((row) => row.type) : [];
      return <DocumentListEditor setting={setting} label={label} knownTypes={knownTypes} />;
    }
    default:
      return <ScalarSetting setting={setting} label={label} />;
  }
}
