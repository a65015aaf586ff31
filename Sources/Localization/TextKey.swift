/// Every string a person reads, by key. Each language's catalogue (`Catalogue+English`,
/// `Catalogue+Korean`) has a text for every key, with the same `{placeholders}`.
public enum TextKey: String, CaseIterable, Sendable {
    // Tabs and header
    case tabPlaces, tabFavorites, tabFeed, tabProfile, guest, textCutTooLong, textCutTooManyMarks

    // Times, dates and counts
    case timeNow, timeMinutes, timeHours, timeDays, dateShort, dateShortWithYear, dateLong

    // Help overlay and footer
    case helpTitle, helpClose
    case keyHelp, keyQuit, keyQuitAnywhere, keyNextTab, keyPreviousTab
    case keyDown, keyUp, keyPageDown, keyPageUp, keyTop, keyBottom
    case keySearch, keySave, keyOrder, keySearchKeep, keySearchClear, keySearchKeepHelp, keySearchClearHelp
    case keyOpenFavorite, keyRemoveFavorite, keyUndoRemove
    case keyLike, keyFeedMode, keyCompose, keyPost
    case keySignIn, keyRegister, keyEditProfile, keySignOut
    case keySubmit, keyNextField, keyPreviousField, keyCancel, keyLater, keyCloseHelp

    // Places
    case placesLoading, placesEmptyCatalog, placesNoMatch, placesOneMatch, placesMatches, placesByDistance
    case placesSearchLabel, placesSearchPlaceholder, placesSearchHint, placesNothingSelected
    case placesPopulation, placesTimeZone, placesFromHome, placesMap, placesUnavailable
    case postMapNoPlace, mapFollowedSavesLegend
    case orderRelevance, orderDistance, toastOrder, toastSaved, toastRemoved, toastCouldNotSave, toastCouldNotRemove

    // Favorites
    case favoritesTitle, favoritesTitleCount, favoritesEmpty, favoritesSignedOut
    case toastFavoriteRemoved, toastFavoriteRestored, toastCouldNotRestore

    // Favorites folders
    case keyNextFolder, keyPreviousFolder, keyMemo, keyMoveToFolder, keyCopyToFolder, keyMoveUp, keyMoveDown
    case keyNewFolder, keyRenameFolder, keyDeleteFolder, keySaveToFolder, keyPick
    case favoritesFolderTitle, favoritesFolderEmpty, sortNewest, sortName, sortDistance, sortManual
    /// A folder's colour, visibility and order as the command line lists them (the option's values in English).
    case folderRed, folderOrange, folderYellow, folderGreen, folderBlue, folderPurple, folderPink, folderGray
    case folderPrivate, folderShared, folderSortNewest, folderSortName, folderSortDistance, folderSortManual
    case folderNew, folderRename, folderNamePlaceholder, formSaveHint, memoTitle, memoPlaceholder, memoHint
    case pickMove, pickCopy, pickSave, pickHint, deleteFolderTitle, deleteKeepPlaces, deleteWithPlaces
    case toastMovedTo, toastCopiedTo, toastSavedTo, toastFolderDeleted, toastCreateFolderFirst
    case toastFolderDeletedUndo, toastFolderRestored

    // Feed
    case feedTitleAll, feedTitleLiked, feedModeAll, feedModeLiked, feedNewPost, feedComposePlaceholder,
        feedCharactersLeft
    case feedLikedSignedOut, feedLikedEmpty, feedEmpty, loading
    case toastPosted, toastCouldNotLike, toastCouldNotUnlike
    // Live lists whose read failed
    case toastCouldNotLoad, toastCouldNotLoadRetrying
    // Long lists: where the selection is
    case listPosition

    // Profile, forms and accounts
    case profileSignedOut, profileSignedOutHint, profileNoDisplayName, profileJoined, profileFollowers, profileFollowing
    case profilePosts, profileNoPosts
    case formSignIn, formRegister, formOnboarding, formEdit
    case formSigningIn, formCreatingAccount, formSaving, formHint, formOnboardingHint
    case fieldEmail, fieldPassword, fieldDisplayName, fieldUsername, fieldBio, fieldPost
    case fieldFolderName, fieldMemo, fieldPlaceName, fieldAddress
    case toastOnboardingPostponed, toastSignedIn, toastAccountCreated, toastWelcome, toastProfileSaved, toastSignedOut

    // People and posts: authors' profiles, editing and deleting one's posts, the session followed
    case keyOpenAuthor, keyBack, keyEditPost, keyDeletePost
    case feedEditPost, feedDeleteQuestion, authorNoPosts, authorMissing
    case toastPostEdited, toastPostDeleted, toastCouldNotEdit, toastCouldNotDelete, toastSignedOutElsewhere,
        toastSignedInElsewhere
    case groupPosts, cmdPostsEdit, cmdPostsDelete
    case errorNotYourPost, errorProfileNotFinished, signInToEditPosts, cliPostDeleted, cliPostEdited, postEditedMark

    // Errors
    case errorWrongCredentials, errorEmailTaken, errorUsernameTaken, errorAccountMissing, errorSessionNotValid,
        errorPostNotFound
    case errorPlaceNotFound, errorOtherStore, embeddedStore
    case errorEmailInvalid, errorEmailTooLong, errorPasswordTooShort, errorPasswordTooLong, errorUsernameInvalid
    case errorDisplayNameEmpty, errorDisplayNameTooLong, errorBioTooLong, errorPostEmpty, errorPostTooLong
    case errorControlCharacter
    case signInToSave, signInToRemove, signInToListFavorites, signInToLike, signInToViewLiked, signInToPost
    case signInToEditProfile

    // Pending writes, the connection and refusals (shown while a write is on its way)
    case legendPending, legendPendingHelp, refusalPostDeleted, refusalSignInAgain, refusalByServer
    case toastCouldNotPost, toastCouldNotSaveProfile, headerOffline, headerPending, headerStale, toastDroppedWrite
    case listLoadingPage, keySync, toastSyncing, toastSyncEmbedded, toastServerRefused

    // The command line
    case cliRegistered, cliNextProfile, cliSignedIn, cliFinishProfile, cliSignedOut, cliNotSignedIn,
        cliNotSignedInError, cliNoFavorites
    case cliSavedFavorite, cliRemovedFavorite, cliNotAFavorite, cliNoLikedPosts, cliNoPosts, cliLikedTitle,
        cliAllPostsTitle, cliMorePosts
    case cliNoPlaces, cliOnePlace, cliPlaces, cliSomePlaces, cliFieldID, cliFieldAddress, cliFieldCoordinate,
        cliFieldPopulation
    case cliFieldTimeZone, cliFieldAlso, cliNamesInAll, cliImported, cliProfileSaved, cliFinishOnboarding,
        cliProfileCounts, cliProfileNotFinished
    case promptPassword, promptRepeatPassword, passwordsDiffer, passwordNoTerminalSettings, passwordNoEchoOff,
        passwordCannotRead
    case passwordTooLongFrom, passwordNone, passwordNotUTF8, sourceStandardInput, sourceTerminal
    case keysAction, keysScreen, keysKeys, keysDefault

    // Online places in the interface
    case placesOnlineOff, placesNoCategoryProvider, placesOnlineSearching, placesOnlineOnEnter, placesCategoryNearHome,
        placesCategoryNear
    case placesCategory, placesPhone, placesRoadAddress, placesWeb, placesSource, keyCategory, pickCategoryNearHome,
        pickCategoryNear, onlineCachedAnswer, keyClearPlaces, placesFromPlace
    // Rough edges: undo everywhere, limits, confirmations, help
    case toastUnsavedUndo, keyUndoUnsave, errorPasswordEmpty
    /// Signing up on a team server: the invitation field, its hint, and an empty one refused.
    case fieldInvitation, formInvitationHint, errorInvitationEmpty
    // The outbox on a team server: --queue, tern sync, tern status
    case cliQueued, cliCannotReach, cliCannotReachQueued, cliSyncSent, cliSyncDropped, cliSyncSummary, cliDroppedNotice
    case cliStatusStore, cliStatusConnection, cliStatusPending, errorServerUnreachable, optQueue, cmdSync, cmdStatus
    case confirmSignOut, confirmDiscardPost, keyConfirmYes, keyConfirmNo
    case signInKeys, signInHereToSave, signInHereToRemove, signInHereToListFavorites, signInHereToLike
    case signInHereToViewLiked, signInHereToPost, signInHereToEditProfile, signInHereToEditPosts
    case helpLists, helpSearchField, helpCompose, helpForms, helpEverywhere, helpQuestions, helpTyping, helpMouse
    case mouseClick, mouseClickHelp, mouseWheel, mouseWheelHelp, keyScrollDown, keyScrollUp
    case typingDeleteWord, typingClear, typingStart, typingEnd, typingNewLine, helpMarkers, favoriteSavedAgo,
        keyPlaceDetail
    // Input edges: moving in a post being written, the search field's history
    case keyLineUp, keyLineDown, keyHistoryPrevious, keyHistoryNext, keyEditOwnPost, keyDeleteOwnPost

    // The command line's help, usage errors and config file errors
    case optAccountEmail, cmdRegister, cmdLogin, cmdLogout, cmdWhoami, cmdDoctor, optFavoritesFolder
    case optFavoritesListFolder, optFavoritesSort, optFavoritesUser, optFavoritesMemo, optFavoritesFrom
    case optFavoritesTo, optFavoritesRemoveFolder, cmdFavoritesList, cmdFavoritesAdd, cmdFavoritesRemove
    case cmdFavoritesMemo, cmdFavoritesCopy, cmdFavoritesMove, optFavoritesFileFolder, optFavoritesFileFormat
    case optFavoritesFileImportFolder, cmdFavoritesExport, cmdFavoritesImport, optFeedLiked, optFeedLimit, cmdFeed
    case cmdPost, cmdLike, cmdUnlike, optFolderColor, optFolderVisibility, optFolderSort, optFolderWithPlaces
    case cmdFavoritesFolders, cmdFavoritesFolderCreate, cmdFavoritesFolderRename, cmdFavoritesFolderSet
    case cmdFavoritesFolderDelete, cmdKeys, optPlacesLimit, optPlacesNear, optPlacesOffline, optPlacesOnline
    case optPlacesCategory, cmdPlacesSearch, cmdPlacesShow, cmdPlacesImport, optProfileDisplayName, optProfileUsername
    case optProfileBio, cmdProfileSet, cmdServerInit, cmdServerInvite, optGlobalDataDirectory, optGlobalStore
    case optGlobalSession, optGlobalNoSample, optGlobalJson, optGlobalHelp, optGlobalVersion, helpTagline, helpUsage
    case helpUsageIndent, helpStartInterface, helpRunOneCommand, helpShowCommandHelp, helpCommands, helpGlobalOptions
    case helpOptions, helpExitStatus, helpGroupUsage, helpCommandUsage, helpRunGroupCommand, helpGlobalHere
    case groupPlaces, groupProfile, groupFavorites, groupServer, usageTry, usageUnknownCommand, usageUnknownOption
    case usageBadValue, usageTakesNoValue, usageNeedsValue, usageMustNotBeEmpty, usageLine, usageNonEmptyValue
    case usageWholeNumber, usageOfflineAndOnline, usageOneOf, usageCoordinate, usageCategory,
        usageStore
    case configCannotRead, configNotUTF8
    case configExpectedKeyValue, configMissingKey, configSetTwice, configBadHome, configStoreEmpty, configStoreScheme
    case configControlCharacter, importNestedTooDeeply, importTextTooLong, importNoCoordinates
    case usageUnknownCommandSuggestion
    case optPlacesURL
    case outboxUnreadable
    case configBadLanguage, configBadKakaoKey, configBadURL, configBadNominatim, configUnknownKey, configUnknownTheme
    case configExpectedColor, configUnknownColour, configUnknownRole, configExpectedBind, configExpectedUnbind
    case configUnknownScreen, configUnknownKeyName, configCtrlC, configTypesText, configNotBound, configUnknownAction
    case configWrongScreen, configBindNeedsKeys, configConflict

    // Folder commands' output and online places' notices
    case cliFolderCreated, cliFolderRenamed, cliFolderChanged, cliFolderDeletedWithPlaces, cliFolderDeletedMoved
    case folderDefaultName, cliRemovedFromFolder, cliRemovedFromLastFolder
    case cliFolderDefault, cliFolderEmpty, cliSharesNoFolders, cliMemoSet, cliCopiedTo, cliMovedTo, cliCannotWrite
    case cliWrote, cliCannotRead, cliNotUTF8Imported, cliNoProvider, cliNoOnlinePlace, cliCannotLoadCatalog
    case cliImportRejected, providerKeyRefused, providerServiceDisabled, providerQuotaExceeded, providerBlocked
    case providerUnreachable, providerTimedOut, providerTooLarge, providerTLS, providerMalformed, providerRefused
    case providerRefusedSaying

    // Lists without walls: undo in the Liked view
    case toastUnlikedUndo, toastUnlikeUndone, keyUndoUnlike
    // Issue 15 (korean): every layer's errors by code, the engine's and the system's reasons,
    // and the output of tern server, doctor and status
    case errorStoreInvalidPath, errorStoreInvalidArgument, errorStoreNotFound, errorStoreNotADatabase,
        errorStoreNewerSchema, errorStoreCannotOpen
    case errorStoreBackend, errorStoreCoding, errorStoreClosed, storeCannotConnect, storeRefusedByServer,
        storeConnectionLost
    case storeReconnecting, storeNoSchema, storeNoTables, storeOtherServer, storeIsDirectory, storeNotRegularFile
    case storeNoPermissionRead, storeNoPermissionWrite, storeOpenToOthers, storeCannotCreateParent, storeNoSQLiteHeader
    case storeOtherTables, storeNoDocuments, storeDamaged, storeDiskFull, storeReadOnly, storeDirectoryNotCreated,
        storeDirectoryNotDirectory
    case storeDirectoryOtherOwner, storeDirectoryOpen, storePassFileLink, storeSessionOtherAccount,
        storeSessionNoAccount
    case storeSignInAgain, storeNotSetUp, storeInvitationNeeded, storeRolesOfOther, engineUnreachable,
        engineAuthentication
    case engineRefusedByRules, engineUniqueViolation, engineBusy, engineConflict, engineCannotOpenFile, engineCorrupt
    case engineReadOnly, engineDiskFull, engineIO, engineOther, systemNoPermission, systemNoSuchFile
    case systemNoSpace, systemReadOnly, systemIsDirectory, systemNotDirectory, systemTooManyLinks, systemExists
    case systemOther, errorSessionFileOpen, errorSessionDirectoryOpen, errorSessionWrongOwner, errorSessionNotRegular
    case errorSessionMalformed, errorSessionIO, fileRead, fileCreate, fileChmod, fileWrite, fileSync, fileReplace
    case fileRemove, fileOpen, fileCreateDirectory, errorFolderNameEmpty, errorFolderNameTooLong, errorFolderNameTaken
    case errorFolderNotFound, errorDefaultFolderKept, errorMemoTooLong, errorNotSaved, errorUnknownColor,
        errorUnknownVisibility
    case errorUnknownSort, errorUnknownUser, errorBadImportRow, importTextAfterQuote, importQuoteNotClosed,
        importNotUTF8
    case importEmptyFile, importHeaderColumns, importColumnCount, importNeedsFeatures, importNeedsFavorites
    case importNeedsPoint, importKeyMissing, importKeyNotText, importFoldersList, importSavedAt, importNameEmpty
    case importCoordinateNumbers, importCoordinateRange, errorPasswordHashing, errorPasswordRecordDamaged
    case errorPasswordRecordParameters, errorSampleCommunity, sampleCannotRead, sampleNotJSON, errorStoreLocation
    case errorShippedFile, shippedNotInManifest, shippedMissing, shippedModified, shippedManifestMissing,
        shippedManifestDamaged
    case errorCatalogCannotRead, errorCatalogUnknownFormat, errorCatalogMalformed, errorCatalogCannotWrite
    case errorCatalogCannotReplace, errorImportLine, placeImportNotUTF8, placeImportGeoNamesColumns, placeImportBadID
    case placeImportBadPopulation, placeImportUnknownFormat, placeImportColumns, placeImportBadLatitude,
        placeImportBadLongitude
    case placeImportLatitudeRange, placeImportLongitudeRange, placeImportEmpty, placeImportControl, placeImportTooLong
    case errorLibraryMissing, errorLibraryFunction, errorUnknownEnvironmentTheme, errorUnknownLanguage, errorNoTerminal,
        errorTerminalCannotAddress
    case errorServerURL, serverCreatedSchema, serverSchemaUpToDate, serverMigratedSchema, serverInitialised
    case serverScriptStale, serverScriptUnlisted, serverScriptValue, engineServerFull, outboxAccountRemoved
    case cmdServerInvitations, cmdServerRevoke, cmdServerMembers, cmdServerRemove, cmdServerWatch, optServerExpires,
        optServerOnce, usageDuration, serverNoInvitations
    case serverInvitationLine, serverInvitationExpires, serverInvitationExpired, serverInvitationNeverExpires,
        serverInvitationRevoked, serverNoSuchInvitation, serverNoMembers, serverMemberLine, serverRemovedMemberLine
    case serverMemberRemoved, serverNoSuchMember, serverWatching, serverSessionEnded, serverWatchHint,
        serverCannotEndSessions, serverOpenDatabases
    case serverGuestTrusted, serverGuestPassword, serverGuestUnknown, doctorShippedDiffer, doctorAndShippedDiffer
    case doctorNoDatabase, doctorOK, doctorDamaged, doctorServerOK, doctorServerFix, doctorShippedOK,
        doctorIntegrityFound
    case doctorIntegrityFoundOne, doctorFound, doctorFoundOne, doctorMore, doctorToRecover, doctorStepQuit
    case doctorStepRestore, doctorStepAgain, statusEmbedded, statusOnline, statusOffline, helpGlobalOptionsValue
    case libraryForServer, libraryForOnline
    case writeLike, writeUnlike, writePost, writeEditPost, writeDeletePost, writeSave, writeRemove, writeProfile
    case placeImportUnterminated, placeImportAfterQuote
    case placeImportNotGeoJSON, placeImportNoOsmium, placeImportExtractUnreadable, placeImportNoPlaces
    case cliImportProgress, cliImportProgressBar, cliImportBuilding, cliImportTime, placeImportInterrupted
    case helpMoreBelow
    case cliSavedVerb, cliFavoritesImported, cliFavoritesImportedFolders, cliFieldRoad, cliFieldPhone, cliFieldURL,
        cliFieldSource, cliFieldCategory
    case cliNoSampleHint
    case cliNeedsTerminal, cliCannotCreatePipe
    case storeLeftOutOne, storeLeftOut

    // Faces
    case pictureUnreadable, pictureTooLarge, pictureTooWide, pictureTooMuchMemory, pictureUnknownFormat, pictureDamaged,
        errorAvatarInvalid, optProfileAvatar, cliProfileHasPicture, fieldPicture, formPictureReading
    // Opening a place elsewhere (the browser)
    case keyOpenElsewhere, toastOpenedElsewhere, toastNoBrowser
    // Conversations (issue 28)
    case errorUserNotFound, errorCannotFollowSelf, signInToFollow, signInToBookmark, signInToViewBookmarks,
        signInToRepost
    case signInHereToFollow, signInHereToBookmark, signInHereToViewBookmarks, signInHereToRepost, writeFollow,
        writeUnfollow
    case cmdFollow, cmdUnfollow, cmdFollowing, cmdFollowers, cliFollowed, cliUnfollowed
    case cliFollowingTitle, cliFollowersTitle, cliFollowsNobody, cliNoFollowers
    case writeBookmark, writeUnbookmark, writeRepost, writeUnrepost, cmdBookmark, cmdUnbookmark
    case cmdRepost, cmdUnrepost, optFeedBookmarks, cliBookmarksTitle, cliNoBookmarks
    case keyBookmark, keyRepost, keyFollow, toastCouldNotBookmark, toastCouldNotUnbookmark, toastCouldNotRepost
    case toastCouldNotUnrepost, toastCouldNotFollow, toastCouldNotUnfollow, profileYouFollow, profileNotFollowed
    // Favorites edits as intents (h37)
    case writeFavorites
    // Replies and threads (issue 28)
    case errorReplyToMissing, writeReply, cmdReply, cmdThread, threadDeletedPost, cliThreadReplies, cliThreadNoReplies
    case keyReply, keyThread, feedReplyTo, threadTitle, toastReplied, toastCouldNotReply
    // catalog: split catalog images and stopped imports (issue 31)
    case cliImportInterrupted
    // people: search, profiles, mentions and mutes (issue 28, points 7 and 8)
    case groupPeople, cmdPeopleSearch, cmdProfileShow, cmdMute, cmdUnmute, cmdMuted, cliNoPeopleFound
    case cliPeopleFollowers, cliProfileShowCounts, cliMuted, cliUnmuted, cliMutesNobody, signInToMute
    case signInHereToMute, errorCannotMuteSelf, writeMute, writeUnmute, keyMute, keyMention, keyPeopleSearch
    case toastMuted, toastUnmuted, toastCouldNotMute, toastCouldNotUnmute, profileMuted, peopleSearchTitle
    case peopleSearchNobody, peopleSearchHint, mentionChoiceTitle, toastNoMention
    // notify: notifications and the Activity tab (issue 28, point 6)
    case tabActivity, signInToSeeNotifications, signInHereToSeeNotifications, writeReadNotifications
    case cmdNotifications, cmdNotificationsRead, optNotificationsUnread, cliNoNotifications, cliNotificationsTitle
    case cliNotificationsMarkedRead, activityLiked, activityLikedMany, activityReposted, activityRepostedMany
    case activityFollowed, activityFollowedMany, activityReplied, activityMentioned, activityEmpty, activityTitle
    case activityUnread, optNotificationsLimit, keyOpenActivity
    // timeline: the Following view, the view cycle, new posts above
    case feedModeFollowing, feedModeBookmarks, feedTitleFollowing, feedTitleBookmarks, feedFollowingEmpty
    case feedBookmarksEmpty, feedFollowHint, feedNewPosts, feedReposted, feedSignedOutView, signInToViewFollowing
    case signInHereToViewFollowing, optFeedFollowing, cliFollowingFeedTitle, cliNoFollowingPosts
    // search: the people search over the Feed (issue 28, point 7)
    case keyOpenProfile, helpPeopleSearch
    // speed: one new post above
    case feedNewPostAbove
    // h29post: a post that carries a place (issue 29, point 1)
    case optPostPlace
    // h29follow: follows of folders (issue 29, point 4)
    case errorFolderNotShared, errorOwnFolder, errorAlreadyFollowingFolder, errorNotFollowingFolder
    case errorFollowedFolderReadOnly, writeFollowFolder, writeUnfollowFolder, cmdFavoritesFollow, cmdFavoritesUnfollow
    case cliFolderFollowed, cliFolderUnfollowed, cliOneFolderFollower, cliFolderFollowers, cliFolderFollowedMark
    // h29counts: a place's posts and savers (issue 29, points 2 and 5)
    case placeCountPost, placeCountPosts, placeSavedByOne, placeSavedByOneOther, placeSavedByMany, placeSavedByCount
    // h29others: other people's shared folders on their profile
    case keyOthersFolders, keyOpenOthersFolder, othersFoldersTitle, othersFoldersSignedOut, othersFoldersNone
    case othersFolderPlace, othersFolderPlaces, othersFolderTitle, othersFolderTitleOne, othersFolderEmpty
    case toastOthersFolderGone, toastOthersFoldersUnreadable
    // h29post2: a post's place in Places (`p`)
    case keyOpenPostPlace, toastPostHasNoPlace, toastPostPlaceUnknown
    // pick: a place attached while writing a post (issue 29, point 1)
    case keyAttachPlace, toastPlaceOnlyNewPosts, placePickerTitle, placePickerHint, placePickerRemove
    case placePickerNothing, placePickerFavorites, placePickerSearching, helpPlacePicker, composePlaceHint
    case placePickerKeys
    // pposts: a place's posts (`p` on its detail)
    case keyPlacePosts, placePostsTitle, placePostsEmpty
    // ffollow: a followed folder's notification, Favorites' followed folders, `F`
    case activityFollowedFolder, activityFollowedFolderMany, toastFollowedFolderLeft, keyFollowFolder
    case toastFolderFollowed, toastFolderUnfollowed, othersFolderFollowedMark
    // import: a catalog past what one image holds
    case errorCatalogTooLarge
    // log: the pooled path of a team server (issue 30)
    case storePrivateFileOpen, storePooledSessionRefused
}
