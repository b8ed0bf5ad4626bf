//! The journal's place in Settings: the sends an earlier run left without
//! an answer and what became of each, and its CSV export as the person
//! fills it.

use std::collections::BTreeMap;

use uuid::Uuid;

use crate::app::export::ExportDraft;

use super::message::SettledSend;

/// The journal's state in the window.
#[derive(Clone, Debug, Default)]
pub struct JournalState {
    /// The journal's CSV export ("Activity of this device").
    pub export: ExportDraft,
    /// The sends an earlier run left without an answer, settled as this
    /// connection opened, oldest first.
    pub settled: Vec<SettledSend>,
    /// Bring the settled sends into view on the next frame (asked from
    /// their notice).
    pub reveal: bool,
    /// The journal has told what it settled as this connection opened
    /// (perhaps nothing).
    pub settling_told: bool,
    /// The sends "Send again…" was used for, by the journal's POST: filled
    /// into their form (`None`), or sent again and the record it made.
    /// Each is offered once: pressed twice, it would fill a second send.
    pub sent_again: BTreeMap<Uuid, Option<Uuid>>,
}

/// What the journal's section is told.
#[derive(Debug)]
pub enum JournalTold {
    /// Sends an earlier run left without an answer, settled.
    Settled(Vec<SettledSend>),
    /// Show the settled sends (the person asked from a notice).
    Reveal,
    /// Another connection opened: what was told of the last one goes.
    SessionChanged,
    /// "Send again…" filled the form with this POST's request.
    Filled(Uuid),
    /// The sends an earlier run sent again, as the journal keeps them: by
    /// the POST sent again, the record its new send made.
    Resent(BTreeMap<Uuid, Uuid>),
    /// The form filled with the POST `of` sent it again and made `id`.
    SentAgain {
        /// The journal's POST sent again.
        of: Uuid,
        /// The new record's id.
        id: Uuid,
    },
    /// What became of the journal's CSV export.
    File(crate::app::dialog::FileAnswer),
}

impl JournalState {
    /// Takes in what the journal's section is told.
    pub fn told(&mut self, told: JournalTold) {
        match told {
            JournalTold::Settled(sends) => {
                self.settling_told = true;
                for send in sends {
                    // A send told again (a reconnection) replaces what was
                    // told of it: the newer verdict stands.
                    self.settled.retain(|kept| kept.post_id != send.post_id);
                    self.settled.push(send);
                }
                self.settled.sort_by_key(|send| send.sent_at);
            }
            JournalTold::Reveal => self.reveal = true,
            JournalTold::Filled(of) => {
                self.sent_again.entry(of).or_insert(None);
            }
            JournalTold::SentAgain { of, id } => {
                self.sent_again.insert(of, Some(id));
            }
            JournalTold::Resent(links) => {
                for (of, id) in links {
                    self.sent_again.insert(of, Some(id));
                }
            }
            JournalTold::SessionChanged => {
                self.settled.clear();
                self.sent_again.clear();
                self.reveal = false;
                self.settling_told = false;
            }
            // The panel takes in its file itself.
            JournalTold::File(_) => {}
        }
    }
}
