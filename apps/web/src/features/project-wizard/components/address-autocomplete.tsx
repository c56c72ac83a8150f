import { Combobox, Loader, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  ADDRESS_SEARCH_DEBOUNCE_MS,
  ADDRESS_SEARCH_MIN_CHARS,
  composeLocation,
  type PlaceDetails,
} from '@plinth/domain/geocode';
import { type ReactNode, useState } from 'react';
import { useAddressSuggestions, usePlaceDetails } from '../api/geocode';

interface AddressAutocompleteProps {
  value: string;
  onChange: (location: string) => void;
  /** A suggestion was chosen: its details, and the full address (typed street + locality). */
  onPlaceSelected: (details: PlaceDetails, location: string) => void;
  error?: ReactNode;
  required?: boolean;
}

/**
 * The address box: suggestions of Australian localities from 3 characters, 300 ms after the last
 * keystroke. Choosing one keeps the street part that was typed and fills suburb, city, state and
 * postcode through place details.
 */
export function AddressAutocomplete({
  value,
  onChange,
  onPlaceSelected,
  error,
  required,
}: AddressAutocompleteProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  // What the person typed since the last choice; null after a choice, so the chosen text is not searched.
  const [typed, setTyped] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(typed ?? '', ADDRESS_SEARCH_DEBOUNCE_MS);
  const suggestions = useAddressSuggestions(debounced);
  const placeDetails = usePlaceDetails();
  const [lookupError, setLookupError] = useState<string | null>(null);

  const isSearching = typed !== null && typed.trim().length >= ADDRESS_SEARCH_MIN_CHARS;
  const predictions = isSearching ? (suggestions.data?.predictions ?? []) : [];
  const isWaiting = isSearching && (debounced !== typed || suggestions.isFetching);

  function choose(placeId: string) {
    combobox.closeDropdown();
    const typedText = value;
    setLookupError(null);
    placeDetails.mutate(placeId, {
      onSuccess: (details) => {
        setTyped(null);
        onPlaceSelected(details, composeLocation(typedText, details.suburb, details.location));
      },
      onError: (failure) =>
        setLookupError(`${failure.message}. Please fill in the suburb, state and postcode yourself.`),
    });
  }

  const isDropdownShown = isSearching && (predictions.length > 0 || (!isWaiting && suggestions.isSuccess));

  return (
    <Combobox store={combobox} onOptionSubmit={choose} keepMounted={false}>
      <Combobox.Target>
        <TextInput
          label="Address"
          required={required}
          placeholder="e.g. 12 Example Street, Marrickville"
          description="Type the street and suburb, then choose the suburb from the list."
          autoComplete="off"
          maxLength={500}
          value={value}
          error={error ?? lookupError}
          rightSection={isWaiting || placeDetails.isPending ? <Loader size={16} aria-hidden /> : null}
          onChange={(event) => {
            const next = event.currentTarget.value;
            onChange(next);
            setTyped(next);
            setLookupError(null);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onClick={() => typed !== null && combobox.openDropdown()}
          onFocus={() => typed !== null && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!isDropdownShown}>
        <Combobox.Options aria-label="Suburb suggestions">
          {predictions.length > 0 ? (
            predictions.map((prediction) => (
              <Combobox.Option value={prediction.place_id} key={prediction.place_id}>
                {prediction.description}
              </Combobox.Option>
            ))
          ) : (
            <Combobox.Empty>
              No matching suburbs. You can type the address and suburb yourself.
            </Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
